import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown, Optional } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import {
  ACCESS_REFUSALS,
  AccessRefusals,
  CallerContextGuard,
  CallerContextVerifier,
  TENANT_WALL_KIND,
} from './caller-context';
import type { CommonEnv, ServiceEnv } from './config';
import type { TenantWallKind } from './database/tenant-wall';
import { AllExceptionsFilter } from './errors';
import { HealthController, HealthRegistry } from './health';
import { platformLoggerModule } from './logging';
import { MetricsController } from './metrics';
import { createRedis, REDIS } from './redis';

/** Services verify the gateway-signed caller context on every route; the gateway authenticates itself. */
export type PlatformOptions =
  | {
      service: string;
      env: ServiceEnv;
      requireCallerContext: true;
      /** The service's refusals of a caller whose role a route's `@Access` policy does not allow. */
      refusals: AccessRefusals;
      /** What the database's row-level security keys on (tenant-wall.ts): `organization` unless said. */
      tenantWall?: TenantWallKind;
      metricsOnOwnPort?: false;
    }
  | {
      service: string;
      env: CommonEnv;
      requireCallerContext: false;
      /** `/metrics` is served by startMetricsServer on an internal port instead of the app's port. */
      metricsOnOwnPort?: boolean;
    };

/** Registers the readiness checks of the dependencies this process has, and closes Redis on shutdown. */
@Injectable()
class DependencyChecks implements OnApplicationShutdown {
  constructor(
    health: HealthRegistry,
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() dataSource?: DataSource,
  ) {
    health.register({
      name: 'redis',
      check: async () => {
        await redis.ping();
      },
    });
    if (dataSource) {
      health.register({
        name: 'database',
        check: async () => {
          await dataSource.query('SELECT 1');
        },
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/** Logging, errors, health, metrics, Redis and (for services) caller-context verification. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [platformLoggerModule(options.service, options.env.LOG_LEVEL)],
      controllers: options.metricsOnOwnPort ? [HealthController] : [HealthController, MetricsController],
      providers: [
        { provide: REDIS, useFactory: () => createRedis(options.env.REDIS_URL, options.env) },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        ...(options.requireCallerContext
          ? [
              {
                provide: CallerContextVerifier,
                useValue: CallerContextVerifier.fromBase64(options.env.CALLER_CONTEXT_PUBLIC_KEY, options.service),
              },
              { provide: ACCESS_REFUSALS, useValue: options.refusals },
              { provide: TENANT_WALL_KIND, useValue: options.tenantWall ?? 'organization' },
              { provide: APP_GUARD, useClass: CallerContextGuard },
            ]
          : []),
        HealthRegistry,
        DependencyChecks,
      ],
      exports: [REDIS, HealthRegistry, ...(options.requireCallerContext ? [CallerContextVerifier] : [])],
    };
  }
}
