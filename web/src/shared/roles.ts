import { ROLES, type AccountRole, type Role } from '@infra/contracts';

/** Translation keys of the roles (§6: Admin, System Admin, User). */
const ROLE_KEYS: Record<Role, string> = {
  User: 'roles.user',
  Admin: 'roles.admin',
  'System Admin': 'roles.systemAdmin',
};

/** The translation key of a role; an unknown role is shown as sent. */
export function roleKey(role: string): string {
  return (ROLE_KEYS as Record<string, string | undefined>)[role] ?? role;
}

/** The roles a member can have in an account (System Admin is platform-wide, not given per account). */
export const ACCOUNT_ROLES: AccountRole[] = ROLES.filter((role): role is AccountRole => role !== 'System Admin');
