import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { DEFAULT_PORTS, ServiceName } from '@infra/contracts';
import { loadConfig } from './load-config';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const DEV_INTERNAL_CONTEXT_SECRET = 'dev-only-internal-context-secret-change-me';
/** Dev default of JWT_SECRET, shared by identity (signs) and the gateway (verifies); refused in production. */
export const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789';

/** Variables every process reads (gateway and services). */
export class CommonEnv {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV = 'development';

  @IsInt()
  @Min(1)
  @Max(65535)
  @Type(() => Number)
  PORT!: number;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL = 'info';

  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  @Matches(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, { message: 'KAFKA_BROKERS must be a comma-separated list of host:port' })
  KAFKA_BROKERS = '127.0.0.1:9092';

  @IsString()
  @IsNotEmpty()
  KAFKA_CLIENT_ID!: string;

  /** Signs the caller context the gateway hands to services. A dev default exists outside production only. */
  @ValidateIf((env: CommonEnv) => env.NODE_ENV === 'production' || env.INTERNAL_CONTEXT_SECRET !== undefined)
  @IsString()
  @MinLength(32)
  INTERNAL_CONTEXT_SECRET?: string;

  get kafkaBrokers(): string[] {
    return this.KAFKA_BROKERS.split(',');
  }

  get internalContextSecret(): string {
    return this.INTERNAL_CONTEXT_SECRET ?? DEV_INTERNAL_CONTEXT_SECRET;
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

  @IsString()
  DATABASE_PASSWORD = '';

  @IsString()
  @IsNotEmpty()
  DATABASE_NAME!: string;

  /** Consumer retries before a message goes to its dead-letter topic. */
  @IsInt()
  @Min(1)
  @Max(20)
  @Type(() => Number)
  KAFKA_MAX_DELIVERY_ATTEMPTS: number = 5;
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
