import { ServiceDefinition } from '@infra/messaging';
import { Account, Membership } from './accounts/account.entity';
import { IdentitySchema1763712100000 } from './database/migrations/1763712100000-identity-schema';
import { IdentityEnv, loadIdentityEnv } from './identity.env';
import { Organization } from './organizations/organization.entity';
import { PasswordResetToken } from './password-reset/password-reset-token.entity';
import { RefreshToken } from './session/refresh-token.entity';
import { User } from './users/user.entity';

/** The identity service: accounts, organizations, users, members, roles, sign-in, MFA, password reset. */
export function identityService(env: IdentityEnv = loadIdentityEnv()): ServiceDefinition & { env: IdentityEnv } {
  return {
    name: 'identity',
    env,
    entities: [Account, Membership, Organization, User, RefreshToken, PasswordResetToken],
    migrations: [IdentitySchema1763712100000],
    consumesEvents: false,
  };
}
