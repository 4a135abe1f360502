import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '@infra/platform';
import { loadGatewayEnv } from './gateway.env';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const PRIVATE_KEY = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
const PUBLIC_KEY = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const JWT_SECRET = 'k'.repeat(40);

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadGatewayEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
}

describe('gateway configuration', () => {
  it('has no default secret: JWT_SECRET and the caller-context private key are required', () => {
    const message = errorOf({});
    expect(message).toMatch(/JWT_SECRET.*not set/);
    expect(message).toMatch(/CALLER_CONTEXT_PRIVATE_KEY.*not set/);
  });

  it('refuses a short JWT_SECRET and a public key in place of the private key, without printing them', () => {
    const message = errorOf({ JWT_SECRET: 'short-secret-value', CALLER_CONTEXT_PRIVATE_KEY: PUBLIC_KEY });
    expect(message).toContain('JWT_SECRET must be longer than or equal to 32 characters (value hidden)');
    expect(message).toContain('CALLER_CONTEXT_PRIVATE_KEY must be the base64 of an Ed25519 private key');
    expect(message).not.toContain('short-secret-value');
    expect(message).not.toContain(PUBLIC_KEY);
  });

  it('listens publicly, trusts no proxy and serves metrics on loopback:9464 by default', () => {
    const env = loadGatewayEnv({ JWT_SECRET, CALLER_CONTEXT_PRIVATE_KEY: PRIVATE_KEY });
    expect(env).toMatchObject({ HOST: '0.0.0.0', TRUST_PROXY_HOPS: 0, METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(env.publicOrigin).toBeUndefined();
    expect(
      loadGatewayEnv({ JWT_SECRET, CALLER_CONTEXT_PRIVATE_KEY: PRIVATE_KEY, PUBLIC_URL: 'https://app.example.com/x' })
        .publicOrigin,
    ).toBe('https://app.example.com');
  });

  it("takes one URL per service, or its replicas' separated by commas", () => {
    const secrets = { JWT_SECRET, CALLER_CONTEXT_PRIVATE_KEY: PRIVATE_KEY };
    expect(loadGatewayEnv({ ...secrets, SERVICE_URL_TAGGING: 'http://tagging:3003/' }).serviceUrls('tagging')).toEqual([
      'http://tagging:3003',
    ]);
    expect(
      loadGatewayEnv({
        ...secrets,
        SERVICE_URL_TAGGING: 'http://127.0.0.1:3003,http://127.0.0.1:3103',
      }).serviceUrls('tagging'),
    ).toEqual(['http://127.0.0.1:3003', 'http://127.0.0.1:3103']);
    expect(errorOf({ ...secrets, SERVICE_URL_TAGGING: 'http://a:1,,http://b:2' })).toContain(
      'SERVICE_URL_TAGGING must be an http(s) base URL',
    );
    expect(errorOf({ ...secrets, SERVICE_URL_TAGGING: 'http://a:1/path' })).toContain('SERVICE_URL_TAGGING');
  });
});
