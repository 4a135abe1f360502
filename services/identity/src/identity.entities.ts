import { Account, Membership } from './accounts/account.entity';
import { ApiKey } from './api-keys/api-key.entity';
import { Invitation } from './invitations/invitation.entity';
import { Organization } from './organizations/organization.entity';
import { PasswordResetToken } from './password-reset/password-reset-token.entity';
import { RefreshToken } from './session/refresh-token.entity';
import { User } from './users/user.entity';

/** Every entity of identity, registered once: the TypeORM module, migrations, seed and the medium tests use this list. */
export const IDENTITY_ENTITIES = [
  Account,
  Membership,
  Invitation,
  Organization,
  User,
  RefreshToken,
  PasswordResetToken,
  ApiKey,
];
