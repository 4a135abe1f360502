import { DynamicModule, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServiceDefinition, serviceFoundation } from '@infra/messaging';
import { AccountAccess } from './accounts/account-access';
import { Account, Membership } from './accounts/account.entity';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsService } from './accounts/accounts.service';
import { MembersService } from './accounts/members.service';
import { IdentityEnv } from './identity.env';
import { MembershipsController } from './internal/memberships.controller';
import { MfaController } from './mfa/mfa.controller';
import { MfaService } from './mfa/mfa.service';
import { Organization } from './organizations/organization.entity';
import { OrganizationsController } from './organizations/organizations.controller';
import { OrganizationsService } from './organizations/organizations.service';
import { Mailer } from './password-reset/mailer';
import { PasswordResetToken } from './password-reset/password-reset-token.entity';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { ServiceHealthController } from './service-health/service-health.controller';
import { LoginThrottle } from './session/login-throttle';
import { RefreshToken } from './session/refresh-token.entity';
import { SessionController } from './session/session.controller';
import { SessionService } from './session/session.service';
import { TokenService } from './session/token.service';
import { StubsController } from './stubs/stubs.controller';
import { User } from './users/user.entity';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

@Module({})
export class AppModule {
  static register(definition: ServiceDefinition & { env: IdentityEnv }): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...serviceFoundation(definition),
        TypeOrmModule.forFeature([Account, Membership, Organization, User, RefreshToken, PasswordResetToken]),
        JwtModule.register({}),
      ],
      controllers: [
        ServiceHealthController,
        SessionController,
        // Before UsersController: its literal paths (users/reset-password) must win over users/:id routes.
        PasswordResetController,
        MfaController,
        UsersController,
        AccountsController,
        OrganizationsController,
        StubsController,
        MembershipsController,
      ],
      providers: [
        { provide: IdentityEnv, useValue: definition.env },
        AccountAccess,
        AccountsService,
        MembersService,
        OrganizationsService,
        UsersService,
        SessionService,
        TokenService,
        LoginThrottle,
        MfaService,
        PasswordResetService,
        Mailer,
      ],
    };
  }
}
