import { AccountErrorCode, SUBSCRIPTIONS } from '@infra/contracts';
import { ServiceDefinition } from '@infra/messaging';
import { IdentitySchema1763712100000 } from './database/migrations/1763712100000-identity-schema';
import { MfaLastStep1763800000000 } from './database/migrations/1763800000000-mfa-last-step';
import { Invitations1763900000000 } from './database/migrations/1763900000000-invitations';
import { ApiKeys1764000000000 } from './database/migrations/1764000000000-api-keys';
import { InvitationNames1764121000000 } from './database/migrations/1764121000000-invitation-names';
import { OrganizationPlansPublished1764200000000 } from './database/migrations/1764200000000-organization-plans-published';
import { SecurityEvents1764300000000 } from './database/migrations/1764300000000-security-events';
import { RevokedSessionsIndex1764400000000 } from './database/migrations/1764400000000-revoked-sessions-index';
import { AccountWall1767400000000 } from './database/migrations/1767400000000-account-wall';
import { IDENTITY_ENTITIES } from './identity.entities';
import { IdentityEnv, loadIdentityEnv } from './identity.env';
import { accountError } from './accounts/accounts.errors';

/** Identity's migrations, in order. */
export const IDENTITY_MIGRATIONS = [
  IdentitySchema1763712100000,
  MfaLastStep1763800000000,
  Invitations1763900000000,
  ApiKeys1764000000000,
  InvitationNames1764121000000,
  OrganizationPlansPublished1764200000000,
  SecurityEvents1764300000000,
  RevokedSessionsIndex1764400000000,
  AccountWall1767400000000,
];

/** The identity service: accounts, organizations, users, members, roles, sign-in, MFA, password reset. */
export function identityService(env: IdentityEnv = loadIdentityEnv()): ServiceDefinition & { env: IdentityEnv } {
  return {
    name: 'identity',
    env,
    refusals: {
      organizationAdmin: () => accountError(AccountErrorCode.AdminOnly),
      systemAdmin: () => accountError(AccountErrorCode.SystemAdminOnly),
    },
    entities: IDENTITY_ENTITIES,
    migrations: IDENTITY_MIGRATIONS,
    // Its rows belong to accounts, and its callers act across their accounts (tenant-wall.ts, accountWallSql).
    tenantWall: 'account',
    // Access changes made elsewhere (an AWS integration) are recorded in the account's security log.
    consumesEvents: true,
    consumes: SUBSCRIPTIONS.identity,
  };
}
