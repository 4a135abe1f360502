import { ConfigError } from './load-config';
import { loadServiceEnv, ServiceEnv } from './service-env';

describe('service configuration', () => {
  it('fills defaults for a service', () => {
    const env = loadServiceEnv('tagging', ServiceEnv, {});
    expect(env.PORT).toBe(3003);
    expect(env.DATABASE_NAME).toBe('infra_tagging');
    expect(env.kafkaBrokers).toEqual(['127.0.0.1:9092']);
    expect(env.KAFKA_MAX_DELIVERY_ATTEMPTS).toBe(5);
  });

  it('reads and converts variables from the environment', () => {
    const env = loadServiceEnv('events', ServiceEnv, { PORT: '4100', KAFKA_BROKERS: 'a:1,b:2', DATABASE_PORT: '6543' });
    expect(env.PORT).toBe(4100);
    expect(env.DATABASE_PORT).toBe(6543);
    expect(env.kafkaBrokers).toEqual(['a:1', 'b:2']);
  });

  it('names every invalid variable and what it got', () => {
    let error: unknown;
    try {
      loadServiceEnv('events', ServiceEnv, { PORT: 'abc', REDIS_URL: 'http://nope', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('got "abc"');
    expect(message).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('requires a real INTERNAL_CONTEXT_SECRET in production, and uses a dev one otherwise', () => {
    expect(() => loadServiceEnv('events', ServiceEnv, { NODE_ENV: 'production' })).toThrow(/INTERNAL_CONTEXT_SECRET/);
    expect(() =>
      loadServiceEnv('events', ServiceEnv, { NODE_ENV: 'production', INTERNAL_CONTEXT_SECRET: 'short' }),
    ).toThrow(/INTERNAL_CONTEXT_SECRET/);
    expect(loadServiceEnv('events', ServiceEnv, {}).internalContextSecret).toMatch(/^dev-only/);
  });
});
