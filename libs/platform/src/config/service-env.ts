import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { DEFAULT_PORTS, ServiceName } from '@infra/contracts';
import { IsEd25519Key } from './keys';
import { loadConfig } from './load-config';
import { Sensitive } from './sensitive';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** "true" and "false" as booleans; anything else stays as it is, for the validator to refuse by name. */
const booleanText = (raw: unknown) => (raw === 'true' ? true : raw === 'false' ? false : raw);

/** Variables every process reads (gateway and services). */
export class CommonEnv {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV = 'development';

  @IsInt()
  @Min(1)
  @Max(65535)
  @Type(() => Number)
  PORT!: number;

  /** Bind address. Services listen on loopback only (the gateway is the one public entry); the gateway overrides it. */
  @IsString()
  @IsNotEmpty()
  HOST = '127.0.0.1';

  /**
   * How many proxies in front of this process to trust for X-Forwarded-For (Express `trust proxy`): a service's
   * one hop is the gateway; the gateway itself trusts none unless it runs behind a load balancer.
   */
  @IsInt()
  @Min(0)
  @Max(10)
  @Type(() => Number)
  TRUST_PROXY_HOPS: number = 1;

  /**
   * After SIGTERM, how long the process keeps serving while its readiness says 503, so the balancers in front stop
   * sending it requests before it closes (a rolling restart of replicas loses none). Kubernetes' preStop sleep does
   * this before the signal; the local replicas (`npm run start:replicas`) set it.
   */
  @IsInt()
  @Min(0)
  @Max(10_000)
  @Type(() => Number)
  SHUTDOWN_DRAIN_MS: number = 0;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL = 'info';

  @Sensitive() // may carry a password
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /**
   * The process's own Redis user (an ACL user per process: its password alone, no dangerous command); unset: the
   * URL's user, or none where Redis trusts local connections.
   */
  @IsOptional()
  @IsString()
  REDIS_USERNAME?: string;

  @Sensitive()
  @IsOptional()
  @IsString()
  REDIS_PASSWORD?: string;

  @Matches(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, { message: 'KAFKA_BROKERS must be a comma-separated list of host:port' })
  KAFKA_BROKERS = '127.0.0.1:9092';

  @IsString()
  @IsNotEmpty()
  KAFKA_CLIENT_ID!: string;

  /**
   * The process's own Kafka user (SASL/SCRAM): the brokers' ACLs let it write only its service's topics and read
   * those it consumes. Unset: no authentication, which our brokers refuse.
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  KAFKA_USERNAME?: string;

  @Sensitive()
  @IsOptional()
  @IsString()
  KAFKA_PASSWORD?: string;

  @IsIn(['scram-sha-512', 'scram-sha-256'])
  KAFKA_SASL_MECHANISM: 'scram-sha-512' | 'scram-sha-256' = 'scram-sha-512';

  /** TLS to the brokers (SASL_SSL), for brokers outside the cluster's network. */
  @IsBoolean({ message: 'KAFKA_SSL must be true or false' })
  @Transform(({ obj, key }) => booleanText((obj as Record<string, unknown>)[key]))
  KAFKA_SSL = false;

  get kafkaBrokers(): string[] {
    return this.KAFKA_BROKERS.split(',');
  }
}

/** Variables of a service that owns a database. */
export class ServiceEnv extends CommonEnv {
  @IsString()
  @IsNotEmpty()
  DATABASE_HOST = '127.0.0.1';

  @IsInt()
  @Min(1)
  @Max(65535)
  @Type(() => Number)
  DATABASE_PORT: number = 5432;

  @IsString()
  @IsNotEmpty()
  DATABASE_USER = 'postgres';

  @Sensitive()
  @IsString()
  DATABASE_PASSWORD = '';

  /**
   * The role that owns the tables and runs the migrations (unset: DATABASE_USER). The service itself serves as
   * DATABASE_USER, which should own nothing: row-level security then holds it to the caller's organization.
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  DATABASE_MIGRATION_USER?: string;

  @Sensitive()
  @IsOptional()
  @IsString()
  DATABASE_MIGRATION_PASSWORD?: string;

  @IsString()
  @IsNotEmpty()
  DATABASE_NAME!: string;

  /** Consumer retries before a message goes to its dead-letter topic. */
  @IsInt()
  @Min(1)
  @Max(20)
  @Type(() => Number)
  KAFKA_MAX_DELIVERY_ATTEMPTS: number = 5;

  /**
   * How long a request waits for a read model that misses an entity its source has just accepted (an asset upserted
   * a moment ago) before it calls the entity unknown (the broker's lag measured 0.3–0.6 s). 0 turns the wait off.
   */
  @IsInt()
  @Min(0)
  @Max(30_000)
  @Type(() => Number)
  READ_MODEL_WAIT_MS: number = 3000;

  /** Verifies the caller context the gateway signs (base64 SPKI DER, Ed25519). No default: generated per install. */
  @Sensitive()
  @IsEd25519Key('public')
  CALLER_CONTEXT_PUBLIC_KEY!: string;
}

export function loadServiceEnv<T extends ServiceEnv>(service: ServiceName, schema: new () => T, env = process.env): T {
  return loadConfig(
    schema,
    {
      PORT: DEFAULT_PORTS[service],
      DATABASE_NAME: `infra_${service}`,
      KAFKA_CLIENT_ID: service,
    } as Partial<Record<keyof T, unknown>>,
    env,
  );
}
