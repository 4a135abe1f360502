import type { Account, Organization } from './types';
import { toOrganization } from './storage';

/** The organizations of an account, normalised (every field a string). */
export function organizationsOf(account: Account | undefined): Organization[] {
  return (account?.organization ?? []).map((organization) => toOrganization(organization));
}

/**
 * The selection to apply after a profile load (§4): with no account selected (or one the profile no longer
 * lists), the first account; with no organization selected, the first organization of that account. Returns
 * only what should change. An organization that does not belong to a replaced account is replaced too.
 */
export function defaultSelection(
  accounts: Account[],
  current: { accountId: string; organizationId: string },
): { account?: Account; organization?: Organization } {
  const first = accounts[0];
  if (!first) return {};
  const result: { account?: Account; organization?: Organization } = {};
  let account = current.accountId ? accounts.find((candidate) => candidate.id === current.accountId) : undefined;
  if (!account) {
    account = first;
    result.account = first;
  }
  const organizations = organizationsOf(account);
  const keepsOrganization =
    current.organizationId !== '' &&
    (!result.account || organizations.some((organization) => organization.id === current.organizationId));
  if (!keepsOrganization) {
    const organization = organizations[0];
    if (organization) result.organization = organization;
  }
  return result;
}
