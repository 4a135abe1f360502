import { DynamicModule, Logger } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ALL_TOPICS, ServiceName } from '@infra/contracts';
import { bootstrapApp, databaseOptions, PlatformModule, runMigrationsLocked, ServiceEnv } from '@infra/platform';
import { kafkaConsumerOptions } from './kafka-options';
import { MessagingModule } from './messaging.module';
import { MESSAGING_ENTITIES } from './outbox-message.entity';
import { MessagingTables1763712000000 } from './messaging-tables.migration';
import { ensureTopics } from './topics-admin';

type Constructor = new (...args: never[]) => unknown;

/** What makes a backend service: its name, config, tables and whether it consumes Kafka events. */
export interface ServiceDefinition {
  name: ServiceName;
  env: ServiceEnv;
  entities: Constructor[];
  migrations: Constructor[];
  /** Join the service's consumer group (the service has @EventPattern handlers). */
  consumesEvents: boolean;
}

function serviceDatabaseOptions(definition: ServiceDefinition) {
  return databaseOptions(
    definition.env,
    [...MESSAGING_ENTITIES, ...definition.entities],
    [MessagingTables1763712000000, ...definition.migrations],
  );
}

/** The modules every service imports: platform (logs, errors, health, metrics, caller context), database, messaging. */
export function serviceFoundation(definition: ServiceDefinition): DynamicModule[] {
  const { env } = definition;
  return [
    PlatformModule.forRoot({ service: definition.name, env, requireCallerContext: true }),
    TypeOrmModule.forRoot(serviceDatabaseOptions(definition)),
    MessagingModule.forRoot({
      brokers: env.kafkaBrokers,
      clientId: env.KAFKA_CLIENT_ID,
      maxDeliveryAttempts: env.KAFKA_MAX_DELIVERY_ATTEMPTS,
    }),
  ];
}

/** Starts a service: creates its topics if missing, joins its consumer group, then serves HTTP. */
export function startService(module: DynamicModule, definition: ServiceDefinition) {
  const { env } = definition;
  return bootstrapApp(module, {
    service: definition.name,
    env,
    beforeListen: async (app) => {
      const kafka = { brokers: env.kafkaBrokers, clientId: env.KAFKA_CLIENT_ID };
      try {
        await ensureTopics(kafka, ALL_TOPICS);
      } catch (error) {
        // A producer-only service can start without Kafka: its events wait in the outbox.
        if (definition.consumesEvents) throw error;
        new Logger('Kafka').warn(`topics not verified, Kafka unreachable: ${(error as Error).message}`);
      }
      if (!definition.consumesEvents) return;
      app.connectMicroservice(
        kafkaConsumerOptions({ brokers: env.kafkaBrokers, clientId: env.KAFKA_CLIENT_ID, groupId: definition.name }),
        { inheritAppConfig: true },
      );
      await app.startAllMicroservices();
    },
  });
}

/** Applies the service's pending migrations (used by `npm start`, `npm test` and Kubernetes init containers). */
export async function migrateService(definition: ServiceDefinition): Promise<void> {
  const dataSource = new DataSource(serviceDatabaseOptions(definition));
  try {
    const applied = await runMigrationsLocked(dataSource);
    new Logger('Migrations').log(
      `${definition.name}: ${applied.length === 0 ? 'schema up to date' : `applied ${applied.join(', ')}`}`,
    );
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}
