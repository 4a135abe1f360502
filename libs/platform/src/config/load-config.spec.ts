import { generateKeyPairSync } from 'node:crypto';
import { IsString, MinLength } from 'class-validator';
import { ConfigError, loadConfig } from './load-config';
import { Sensitive } from './sensitive';
import { loadServiceEnv, ServiceEnv } from './service-env';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_KEY = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const PRIVATE_KEY = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
const base = { CALLER_CONTEXT_PUBLIC_KEY: PUBLIC_KEY };

function configError(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a configuration error');
}

describe('service configuration', () => {
  it('fills defaults for a service', () => {
    const env = loadServiceEnv('tagging', ServiceEnv, base);
    expect(env.PORT).toBe(3003);
    expect(env.DATABASE_NAME).toBe('infra_tagging');
    expect(env.kafkaBrokers).toEqual(['127.0.0.1:9092']);
    expect(env.KAFKA_MAX_DELIVERY_ATTEMPTS).toBe(5);
  });

  it('binds services to loopback and trusts one proxy hop (the gateway) by default', () => {
    const env = loadServiceEnv('tagging', ServiceEnv, base);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.TRUST_PROXY_HOPS).toBe(1);
    expect(loadServiceEnv('tagging', ServiceEnv, { ...base, HOST: '0.0.0.0', TRUST_PROXY_HOPS: '2' })).toMatchObject({
      HOST: '0.0.0.0',
      TRUST_PROXY_HOPS: 2,
    });
  });

  it('reads and converts variables from the environment', () => {
    const env = loadServiceEnv('events', ServiceEnv, {
      ...base,
      PORT: '4100',
      KAFKA_BROKERS: 'a:1,b:2',
      DATABASE_PORT: '6543',
    });
    expect(env.PORT).toBe(4100);
    expect(env.DATABASE_PORT).toBe(6543);
    expect(env.kafkaBrokers).toEqual(['a:1', 'b:2']);
  });

  it('names every invalid variable and what it got', () => {
    const message = configError(() =>
      loadServiceEnv('events', ServiceEnv, { ...base, PORT: 'abc', KAFKA_BROKERS: 'nope', LOG_LEVEL: 'loud' }),
    );
    expect(message).toContain('PORT');
    expect(message).toContain('got "abc"');
    expect(message).toContain('KAFKA_BROKERS must be a comma-separated list of host:port');
    expect(message).toContain('LOG_LEVEL');
  });

  it('has no default caller-context key: the public key is required and must be an Ed25519 SPKI key', () => {
    expect(configError(() => loadServiceEnv('events', ServiceEnv, {}))).toMatch(/CALLER_CONTEXT_PUBLIC_KEY.*not set/);
    expect(
      configError(() => loadServiceEnv('events', ServiceEnv, { CALLER_CONTEXT_PUBLIC_KEY: PRIVATE_KEY })),
    ).toContain('CALLER_CONTEXT_PUBLIC_KEY must be the base64 of an Ed25519 public key');
  });
});

class SecretsEnv {
  @Sensitive()
  @IsString()
  @MinLength(32)
  SIGNING_MATERIAL = '';

  @IsString()
  @MinLength(32)
  JWT_SECRET = '';
}

describe('secrets in configuration errors', () => {
  it('says why a sensitive value is invalid without printing it (REDIS_URL, DATABASE_PASSWORD, keys)', () => {
    const message = configError(() =>
      loadServiceEnv('events', ServiceEnv, {
        CALLER_CONTEXT_PUBLIC_KEY: 'c2VjcmV0LWtleS1tYXRlcmlhbA==',
        REDIS_URL: 'http://user:hunter2-redis@redis.internal:6379',
        DATABASE_PORT: 'x',
      }),
    );
    expect(message).toContain('REDIS_URL must be a redis:// or rediss:// URL (value hidden)');
    expect(message).toContain('CALLER_CONTEXT_PUBLIC_KEY must be the base64');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('c2VjcmV0LWtleS1tYXRlcmlhbA');
    expect(message).toContain('got "x"');
  });

  it('hides variables marked @Sensitive() and any whose name says secret', () => {
    const message = configError(() =>
      loadConfig(SecretsEnv, {}, { SIGNING_MATERIAL: 'short-marked-value', JWT_SECRET: 'short-named-value' }),
    );
    expect(message).toContain('SIGNING_MATERIAL');
    expect(message).toContain('JWT_SECRET');
    expect(message).not.toContain('short-marked-value');
    expect(message).not.toContain('short-named-value');
  });
});
