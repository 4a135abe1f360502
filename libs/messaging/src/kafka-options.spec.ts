import { generateKeyPairSync } from 'node:crypto';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';
import { kafkaClientConfig, kafkaSettingsOf } from './kafka-options';

const { publicKey } = generateKeyPairSync('ed25519');
const base = { CALLER_CONTEXT_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') };

describe('kafkaSettingsOf', () => {
  it('signs in with SCRAM-SHA-512 as KAFKA_USERNAME, over TLS when KAFKA_SSL is true', () => {
    const env = loadServiceEnv('tagging', ServiceEnv, {
      ...base,
      KAFKA_BROKERS: 'kafka-0:9093,kafka-1:9093',
      KAFKA_USERNAME: 'tagging',
      KAFKA_PASSWORD: 'pw',
      KAFKA_SSL: 'true',
    });
    const config = kafkaClientConfig(kafkaSettingsOf(env));
    expect(config).toMatchObject({
      clientId: 'tagging',
      brokers: ['kafka-0:9093', 'kafka-1:9093'],
      sasl: { mechanism: 'scram-sha-512', username: 'tagging', password: 'pw' },
      ssl: true,
    });
  });

  it('sends no credentials when no user is set (a broker of ours refuses such a client)', () => {
    const config = kafkaClientConfig(kafkaSettingsOf(loadServiceEnv('tagging', ServiceEnv, base)));
    expect(config.sasl).toBeUndefined();
    expect(config.ssl).toBeUndefined();
  });

  it('refuses a KAFKA_SSL that is neither true nor false, and an unknown mechanism', () => {
    const load = () =>
      loadServiceEnv('tagging', ServiceEnv, { ...base, KAFKA_SSL: 'yes', KAFKA_SASL_MECHANISM: 'plain' });
    expect(load).toThrow(/KAFKA_SSL must be true or false \(got "yes"\)/);
    expect(load).toThrow(/KAFKA_SASL_MECHANISM must be one of the following values: scram-sha-512, scram-sha-256/);
    expect(loadServiceEnv('tagging', ServiceEnv, { ...base, KAFKA_SSL: 'false' }).KAFKA_SSL).toBe(false);
  });
});
