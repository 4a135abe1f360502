import { DynamicModule, MiddlewareConsumer, Module, NestModule, OnModuleInit, RequestMethod } from '@nestjs/common';
import passport from 'passport';
import { CallerContextSigner, PlatformModule, REDIS } from '@infra/platform';
import { accessTokenStrategy } from './auth/access-token';
import { ApiKeyVerifier } from './auth/api-keys';
import { RevokedSessions } from './auth/revoked-sessions';
import { TenancyService } from './auth/tenancy.service';
import { DocsController } from './docs/docs.controller';
import { GatewayEnv } from './gateway.env';
import { IdempotencyRedis, IdempotencyStore } from './idempotency/idempotency.store';
import { IdempotentForwarder } from './idempotency/idempotent-forwarder';
import { EntityLocator } from './locate/entity-locator';
import { LocateController } from './locate/locate.controller';
import { ApiIndexController } from './routing/api-index.controller';
import { ApiProxyMiddleware } from './routing/api-proxy.middleware';
import { ProxyService } from './routing/proxy.service';
import { Upstreams } from './routing/upstreams';
import { RouteMatcher } from './routing/route-table';
import { SessionController } from './routing/session.controller';
import { AccessChangesSubscriber } from './auth/access-changes.subscriber';

@Module({})
export class GatewayModule implements NestModule, OnModuleInit {
  static register(env: GatewayEnv): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        PlatformModule.forRoot({ service: 'gateway', env, requireCallerContext: false, metricsOnOwnPort: true }),
      ],
      controllers: [ApiIndexController, SessionController, DocsController, LocateController],
      providers: [
        { provide: GatewayEnv, useValue: env },
        { provide: RouteMatcher, useValue: new RouteMatcher() },
        // The private key is imported once, at start-up.
        { provide: CallerContextSigner, useValue: CallerContextSigner.fromBase64(env.CALLER_CONTEXT_PRIVATE_KEY) },
        Upstreams,
        ProxyService,
        TenancyService,
        RevokedSessions,
        ApiKeyVerifier,
        AccessChangesSubscriber,
        {
          provide: IdempotencyStore,
          useFactory: (redis: IdempotencyRedis) => new IdempotencyStore(redis),
          inject: [REDIS],
        },
        IdempotentForwarder,
        EntityLocator,
      ],
    };
  }

  constructor(private readonly env: GatewayEnv) {}

  onModuleInit(): void {
    passport.use('jwt', accessTokenStrategy(this.env.JWT_SECRET));
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ApiProxyMiddleware).forRoutes({ path: 'api/v1/*path', method: RequestMethod.ALL });
  }
}
