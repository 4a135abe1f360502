import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import cookieParser from 'cookie-parser';
import { JobsModule } from '@infra/jobs';
import { ServiceDefinition, serviceFoundation } from '@infra/messaging';
import { AccessChanges } from './access-changes/access-changes';
import { AccountAccess } from './accounts/account-access';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsRepository } from './accounts/accounts.repository';
import { AccountsService } from './accounts/accounts.service';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { ApiKeysService } from './api-keys/api-keys.service';
import { IDENTITY_ENTITIES } from './identity.entities';
import { IdentityEnv } from './identity.env';
import { InternalApiKeysController } from './internal/api-keys.controller';
import { MembershipsController } from './internal/memberships.controller';
import { InternalMembershipsRepository } from './internal/memberships.repository';
import { InternalMembershipsService } from './internal/memberships.service';
import { InvitationsController } from './invitations/invitations.controller';
import { SendAccountInvitationJob } from './invitations/invitations.jobs';
import { InvitationsRepository } from './invitations/invitations.repository';
import { InvitationsService } from './invitations/invitations.service';
import { MembersController } from './members/members.controller';
import { MembersRepository } from './members/members.repository';
import { MembersService } from './members/members.service';
import { MfaController } from './mfa/mfa.controller';
import { MfaRepository } from './mfa/mfa.repository';
import { MfaService } from './mfa/mfa.service';
import { OrganizationsController } from './organizations/organizations.controller';
import { OrganizationsRepository } from './organizations/organizations.repository';
import { OrganizationsService } from './organizations/organizations.service';
import { Mailer } from './password-reset/mailer';
import { PasswordResetController } from './password-reset/password-reset.controller';
import {
  IDENTITY_QUEUE,
  IdentityJobs,
  PasswordLinkMail,
  SendInvitationJob,
  SendPasswordResetJob,
} from './password-reset/password-reset.jobs';
import { PasswordResetRepository } from './password-reset/password-reset.repository';
import { PasswordResetService } from './password-reset/password-reset.service';
import { SecurityLog } from './security-log/security-log';
import { SecurityLogConsumer } from './security-log/security-log.consumer';
import { SecurityLogController } from './security-log/security-log.controller';
import { SecurityLogRepository } from './security-log/security-log.repository';
import { SecurityLogService } from './security-log/security-log.service';
import { ServiceHealthController } from './service-health/service-health.controller';
import { AttemptCounter } from './session/attempt-counter';
import { LoginThrottle } from './session/login-throttle';
import { SessionController } from './session/session.controller';
import { REVOCATION_MARKS_CHECK, RestoreRevocationMarksJob } from './session/revocation-marks.job';
import { SessionRepository } from './session/session.repository';
import { SessionService } from './session/session.service';
import { TokenService } from './session/token.service';
import { StubsController } from './stubs/stubs.controller';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

@Module({})
export class AppModule implements NestModule {
  static register(definition: ServiceDefinition & { env: IdentityEnv }): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...serviceFoundation(definition),
        TypeOrmModule.forFeature(IDENTITY_ENTITIES),
        JwtModule.register({}),
        JobsModule.register<IdentityJobs>({
          queue: IDENTITY_QUEUE,
          processors: [SendPasswordResetJob, SendInvitationJob, SendAccountInvitationJob, RestoreRevocationMarksJob],
          schedules: [REVOCATION_MARKS_CHECK],
          imports: [TypeOrmModule.forFeature(IDENTITY_ENTITIES), JwtModule.register({})],
          providers: [
            { provide: IdentityEnv, useValue: definition.env },
            SessionRepository,
            TokenService,
            PasswordResetRepository,
            PasswordLinkMail,
            Mailer,
            SecurityLog,
            SecurityLogRepository,
          ],
        }),
      ],
      controllers: [
        ServiceHealthController,
        SessionController,
        // Before the controllers with users/:id routes: literal paths (users/reset-password, users/invitations) win.
        PasswordResetController,
        MfaController,
        InvitationsController,
        UsersController,
        MembersController,
        AccountsController,
        OrganizationsController,
        StubsController,
        MembershipsController,
        ApiKeysController,
        SecurityLogController,
        SecurityLogConsumer,
        InternalApiKeysController,
      ],
      providers: [
        { provide: IdentityEnv, useValue: definition.env },
        AccessChanges,
        AccountAccess,
        AccountsRepository,
        AccountsService,
        MembersRepository,
        MembersService,
        InvitationsRepository,
        InvitationsService,
        OrganizationsRepository,
        OrganizationsService,
        UsersRepository,
        UsersService,
        InternalMembershipsRepository,
        InternalMembershipsService,
        SessionService,
        TokenService,
        LoginThrottle,
        AttemptCounter,
        SessionRepository,
        MfaService,
        MfaRepository,
        PasswordResetService,
        PasswordResetRepository,
        ApiKeysRepository,
        ApiKeysService,
        SecurityLog,
        SecurityLogRepository,
        SecurityLogService,
      ],
    };
  }

  /** The maintained cookie parser: a badly encoded cookie is left as it came instead of failing the request. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(cookieParser()).forRoutes(SessionController);
  }
}
