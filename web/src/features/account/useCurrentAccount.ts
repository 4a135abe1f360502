import type { AccountDto } from '@infra/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectSelectedAccount } from '../selection/selectedAccountSlice';
import type { UserProfile } from '../user/types';
import { useProfile } from '../user/useProfile';

/**
 * Who may edit account information and manage members (§6 leaves it open; our choice): an Admin of the
 * account, or a System Admin anywhere.
 */
export function canManageAccount(
  profile: Pick<UserProfile, 'role' | 'systemAdmin'> | undefined,
  account: Pick<AccountDto, 'role'> | undefined,
): boolean {
  if (!profile) return false;
  if (profile.systemAdmin || profile.role === 'System Admin') return true;
  return account?.role === 'Admin';
}

/** The profile, the selected account as the profile lists it, and whether the caller may manage it. */
export function useCurrentAccount() {
  const selected = useAppSelector(selectSelectedAccount);
  const { data: profile, isLoading } = useProfile();
  const account = profile?.accounts?.find((candidate) => candidate.id === selected.id);
  return { profile, account, canManage: canManageAccount(profile, account), isLoading };
}
