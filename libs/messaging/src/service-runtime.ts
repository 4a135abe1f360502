import { DynamicModule, Logger } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ALL_TOPICS, deadLetterTopic, isTopicName, ServiceName, TopicName } from '@infra/contracts';
import type { NextFunction, Request, Response } from 'express';
import { jobsRuntime } from '@infra/jobs';
import {
  AccessRefusals,
  bootstrapApp,
  databaseOptions,
  ensureRuntimeRole,
  installTenantWall,
  observeDatabasePool,
  PlatformModule,
  runMigrationsLocked,
  ServiceEnv,
  type TenantWallKind,
} from '@infra/platform';
import { observeConsumerLag } from './consumer-lag';
import { kafkaConsumerOptions, kafkaSettingsOf } from './kafka-options';
import { MessagingModule } from './messaging.module';
import { MESSAGING_ENTITIES } from './outbox-message.entity';
import { MESSAGING_MIGRATIONS } from './messaging-tables.migration';
import { unseenTopics } from './topics-admin';
import { messagingJobs } from './inbox-retention';

type Constructor = new (...args: never[]) => unknown;

/** What makes a backend service: its name, config, tables and whether it consumes Kafka events. */
export interface ServiceDefinition {
  name: ServiceName;
  env: ServiceEnv;
  entities: Constructor[];
  migrations: Constructor[];
  /** Join the service's consumer group (the service has @OnEvent handlers). */
  consumesEvents: boolean;
  /** Its refusal of a caller a route's `@Access` policy does not allow (its AdminOnly error). */
  refusals: AccessRefusals;
  /** What its tables' row-level security keys on (tenant-wall.ts): `organization` unless said (identity: `account`). */
  tenantWall?: TenantWallKind;
  /** Topics of libs/contracts the service publishes: exactly the ones it owns (named `<service>.…`). */
  publishes?: readonly TopicName[];
  /** Topics of libs/contracts the service consumes (owned by other services). */
  consumes?: readonly TopicName[];
  /** Largest JSON request body (a service that takes bulk data); 1 MB unless set. */
  bodyLimit?: string;
  /** Largest text/csv request body (a service that takes uploaded files); defaults to bodyLimit. */
  textBodyLimit?: string;
  /** text/csv and text/plain bodies as the bytes sent (a Buffer), not decoded: files whose encoding is checked. */
  textAsBytes?: boolean;
}

/** The topics a service writes or reads: its own, those it consumes and their dead-letter topics. */
export function topicsUsedBy(definition: ServiceDefinition): string[] {
  const { publishes = [], consumes = [] } = definition;
  return [...publishes, ...consumes, ...consumes.map(deadLetterTopic)];
}

/** What is wrong with a definition's topics (checked at start and by each service's spec); empty when right. */
export function serviceTopicProblems(definition: ServiceDefinition): string[] {
  const { name, publishes = [], consumes = [] } = definition;
  const owned = ALL_TOPICS.filter((topic) => topic.startsWith(`${name}.`));
  return [
    ...[...publishes, ...consumes]
      .filter((topic) => !isTopicName(topic))
      .map((topic) => `${topic} is not a topic of libs/contracts`),
    ...publishes
      .filter((topic) => !topic.startsWith(`${name}.`))
      .map((topic) => `${name} publishes ${topic}, which another service owns`),
    ...(definition.publishes === undefined
      ? []
      : owned
          .filter((topic) => !publishes.includes(topic))
          .map((topic) => `${name} owns ${topic} but does not publish it`)),
    ...consumes.filter((topic) => topic.startsWith(`${name}.`)).map((topic) => `${name} consumes its own ${topic}`),
    ...(consumes.length > 0 && !definition.consumesEvents
      ? [`${name} lists consumed topics but consumesEvents is false`]
      : []),
  ];
}

function serviceDatabaseOptions(definition: ServiceDefinition, { asOwner = false } = {}) {
  const { env } = definition;
  const options = databaseOptions(
    env,
    [...MESSAGING_ENTITIES, ...definition.entities],
    [...MESSAGING_MIGRATIONS, ...definition.migrations],
  );
  if (!asOwner || !env.DATABASE_MIGRATION_USER) return options;
  return { ...options, username: env.DATABASE_MIGRATION_USER, password: env.DATABASE_MIGRATION_PASSWORD ?? '' };
}

/** A connected data source whose every connection carries the caller's organization (tenant-wall.ts). */
async function openWalledDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  installTenantWall(dataSource);
  return dataSource;
}

/**
 * The modules every service imports: platform (logs, errors, health, metrics, caller context), database,
 * messaging, and the messaging jobs (inbox pruning).
 */
export function serviceFoundation(definition: ServiceDefinition): DynamicModule[] {
  const { env } = definition;
  return [
    PlatformModule.forRoot({
      service: definition.name,
      env,
      requireCallerContext: true,
      refusals: definition.refusals,
      tenantWall: definition.tenantWall,
    }),
    TypeOrmModule.forRootAsync({
      useFactory: () => serviceDatabaseOptions(definition),
      // Every connection carries the caller's organization for the tables' row-level security (tenant-wall.ts).
      dataSourceFactory: async (options) => {
        const dataSource = await openWalledDataSource(options!);
        observeDatabasePool(dataSource);
        return dataSource;
      },
    }),
    MessagingModule.forRoot({
      ...kafkaSettingsOf(env),
      maxDeliveryAttempts: env.KAFKA_MAX_DELIVERY_ATTEMPTS,
    }),
    messagingJobs(definition.name, {
      tableOwner: env.DATABASE_MIGRATION_USER ? serviceDatabaseOptions(definition, { asOwner: true }) : null,
    }),
  ];
}

/**
 * A worker process (WORKER_ONLY=true) answers only its probes and metrics; every API route is 404. (The OpenAPI
 * document at /docs-json stays: the platform registers it before this filter, and it is not an API route.)
 */
export function workerOnlyRoutes(req: Request, res: Response, next: NextFunction): void {
  if (/^\/(health\/(live|ready)|metrics)\/?$/.test(req.path)) {
    next();
    return;
  }
  res.status(404).json({ statusCode: 404, message: 'Not Found (worker process)' });
}

/**
 * Starts a service: checks it can see the topics it uses (Kafka's set-up creates them), joins its consumer group,
 * then serves HTTP.
 * With WORKER_ONLY=true it runs only the job workers (plus /health and /metrics): no API routes, no consumer group.
 */
export function startService(module: DynamicModule, definition: ServiceDefinition) {
  const { env } = definition;
  const problems = serviceTopicProblems(definition);
  if (problems.length > 0) throw new Error(`service definition of ${definition.name}: ${problems.join('; ')}`);
  const { workerOnly } = jobsRuntime();
  return bootstrapApp(module, {
    service: definition.name,
    env,
    bodyLimit: definition.bodyLimit,
    textBodyLimit: definition.textBodyLimit,
    textAsBytes: definition.textAsBytes,
    beforeListen: async (app) => {
      if (workerOnly) app.use(workerOnlyRoutes);
      const kafka = kafkaSettingsOf(env);
      const consuming = definition.consumesEvents && !workerOnly;
      try {
        const unseen = await unseenTopics(kafka, topicsUsedBy(definition));
        if (unseen.length > 0)
          throw new Error(
            `topics missing or not allowed to Kafka user ${env.KAFKA_USERNAME ?? '(none)'}: ${unseen.join(', ')} ` +
              '(provisioning creates them and the ACLs: docs/runbook.md, "How do Kafka users work?")',
          );
      } catch (error) {
        // A producer-only service can start without Kafka: its events wait in the outbox.
        if (consuming) throw error;
        new Logger('Kafka').warn(`topics not verified: ${(error as Error).message}`);
      }
      if (!consuming) return;
      app.connectMicroservice(kafkaConsumerOptions({ ...kafka, groupId: definition.name }), {
        inheritAppConfig: true,
      });
      await app.startAllMicroservices();
      observeConsumerLag(kafka, definition.name, [...(definition.consumes ?? [])]);
    },
  });
}

/**
 * Applies the service's pending migrations (used by `npm start`, `npm test`, Docker's and Kubernetes' migrate jobs),
 * as DATABASE_MIGRATION_USER when set; then the runtime role DATABASE_USER is created or granted.
 */
/**
 * Runs an operator's command (a republish) on the service's database as the service itself: its runtime role, behind
 * the tenant wall (each transaction sees the organization it runs as), then closes the connections.
 */
export async function withServiceDatabase<T>(
  definition: ServiceDefinition,
  work: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  const dataSource = await openWalledDataSource(serviceDatabaseOptions(definition));
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

export async function migrateService(definition: ServiceDefinition): Promise<void> {
  const dataSource = new DataSource(serviceDatabaseOptions(definition, { asOwner: true }));
  try {
    const applied = await runMigrationsLocked(dataSource);
    const logger = new Logger('Migrations');
    logger.log(`${definition.name}: ${applied.length === 0 ? 'schema up to date' : `applied ${applied.join(', ')}`}`);
    // A service that serves as a role of its own (the tenant wall): that role, granted what the schema now holds.
    const { DATABASE_USER: runtime, DATABASE_MIGRATION_USER: owner, DATABASE_PASSWORD: password } = definition.env;
    if (owner && owner !== runtime) {
      await ensureRuntimeRole(dataSource, runtime, password || undefined);
      logger.log(`${definition.name}: serves as ${runtime} (no superuser, no BYPASSRLS, owns nothing)`);
    }
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}
