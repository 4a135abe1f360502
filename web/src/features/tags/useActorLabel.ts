import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMembersQuery } from '../account/accountApi';
import { useCurrentAccount } from '../account/useCurrentAccount';

/** Who did something in tagging: a user (by id) or an API key. */
export interface Actor {
  userId: string;
  apiKeyId: string | null;
}

/**
 * The user ID the tagging screens show (spec §3: a user's email is their user ID). The tagging service records
 * ids, so they are shown as emails from the account's members (listed for those who manage the account) and the
 * signed-in user's own profile; an id not found there is shown as it is. An API key shows as such.
 */
export function useActorLabel(): (actor: Actor) => string {
  const { t } = useTranslation();
  const { profile, account, canManage } = useCurrentAccount();
  const { data: members } = useGetMembersQuery(account && canManage ? account.id : skipToken);
  const emails = useMemo(() => {
    const byId = new Map<string, string>();
    for (const member of members ?? []) if (member.userId) byId.set(member.userId, member.email);
    if (profile?.id && profile.email) byId.set(profile.id, profile.email);
    return byId;
  }, [members, profile]);
  return useCallback(
    (actor: Actor) =>
      actor.apiKeyId ? t('tags.apiKey', { id: actor.apiKeyId }) : (emails.get(actor.userId) ?? actor.userId),
    [t, emails],
  );
}
