import type { AccountDto } from '@infra/contracts';
import type { UserProfile } from '../user/types';
import { useGetAccountsQuery } from './accountApi';

const NONE: AccountDto[] = [];

/**
 * The accounts the header offers. The profile holds the user's own accounts (and, for a System Admin, the
 * selected one); a System Admin may switch to any account, so their full list comes from `GET accounts`,
 * asked only for them.
 */
export function useSelectableAccounts(profile: Pick<UserProfile, 'systemAdmin' | 'accounts'> | undefined) {
  const own = profile?.accounts ?? NONE;
  const { data: all } = useGetAccountsQuery(undefined, { skip: !profile?.systemAdmin });
  if (!all) return own;
  const ownIds = new Set(own.map((account) => account.id));
  return [...own, ...all.filter((account) => !ownIds.has(account.id))];
}
