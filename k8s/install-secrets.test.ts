/**
 * The per-install secrets of `npm start` (deploy/scripts/lib/secrets.mjs, `installSecrets`): generated once into
 * a git-ignored file with mode 0600, then reused. Here with the k8s checks, the jest project of the deploy
 * scripts; the module is ES, so each call runs in a child `node` on a file in a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import manifest from '../services.json';

const ROOT = path.join(__dirname, '..');
const MODULE = pathToFileURL(path.join(ROOT, 'deploy/scripts/lib/secrets.mjs')).href;
/** Passwords: the runtime role's of each service behind the tenant wall, the Redis user's of every process, Kafka's. */
const RUNTIME_PASSWORDS = [
  ...manifest.services
    .filter((service) => 'tenantWall' in service && service.tenantWall)
    .map((service) => `${service.name.toUpperCase()}_DATABASE_PASSWORD`),
  ...['gateway', ...manifest.services.map((service) => service.name)].map(
    (name) => `${name.toUpperCase()}_REDIS_PASSWORD`,
  ),
  // Kafka's, for Docker Compose (a local broker keeps its own users beside its storage).
  'KAFKA_ADMIN_PASSWORD',
  ...manifest.services.map((service) => `${service.name.toUpperCase()}_KAFKA_PASSWORD`),
];
const NAMES = [
  'JWT_SECRET',
  'DATA_ENCRYPTION_KEY',
  'FILE_SIGNING_KEY',
  'CALLER_CONTEXT_PRIVATE_KEY',
  'CALLER_CONTEXT_PUBLIC_KEY',
  ...RUNTIME_PASSWORDS,
];

interface Call {
  secrets: Record<string, string>;
  /** What the module logged (stdout). */
  log: string;
}

/** installSecrets(file) in a child process, with no secret in its environment unless `env` gives one. */
function installSecrets(file: string, env: Record<string, string> = {}): Call {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NAMES.includes(name)));
  const script = `import { installSecrets } from ${JSON.stringify(MODULE)};
process.stderr.write(JSON.stringify(installSecrets(process.argv[1])));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, file], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...inherited, ...env },
  });
  if (child.status !== 0) throw new Error(`installSecrets failed: ${child.stderr}`);
  return { secrets: JSON.parse(child.stderr) as Record<string, string>, log: child.stdout };
}

const newInstall = (): string => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'install-')), '.local/secrets.env');
const modeOf = (file: string): number => fs.statSync(file).mode & 0o777;

describe('per-install secrets (npm start)', () => {
  it('are created on first use in a 0600 file, as 256-bit hex keys, an Ed25519 key pair and role passwords', () => {
    const file = newInstall();
    const { secrets, log } = installSecrets(file);

    expect(log).toContain('generated secrets');
    expect(modeOf(file)).toBe(0o600);
    expect(Object.keys(secrets).sort()).toEqual([...NAMES].sort());
    expect(secrets.JWT_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.DATA_ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.FILE_SIGNING_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set([secrets.JWT_SECRET, secrets.DATA_ENCRYPTION_KEY, secrets.FILE_SIGNING_KEY]).size).toBe(3);
    expect(RUNTIME_PASSWORDS.length).toBeGreaterThanOrEqual(10);
    for (const name of RUNTIME_PASSWORDS) expect(secrets[name]).toMatch(/^[0-9a-f]{48}$/);
    expect(new Set(RUNTIME_PASSWORDS.map((name) => secrets[name])).size).toBe(RUNTIME_PASSWORDS.length);
    const privateKey = createPrivateKey({
      key: Buffer.from(secrets.CALLER_CONTEXT_PRIVATE_KEY, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    const publicKey = createPublicKey({
      key: Buffer.from(secrets.CALLER_CONTEXT_PUBLIC_KEY, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(privateKey.asymmetricKeyType).toBe('ed25519');
    // The public key is the private key's own.
    expect(createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64')).toBe(
      publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    );
    for (const name of NAMES) expect(fs.readFileSync(file, 'utf8')).toContain(`\n${name}=${secrets[name]}\n`);
  });

  it('are reused on the next start, unchanged, and the file is made 0600 again', () => {
    const file = newInstall();
    const first = installSecrets(file);
    const written = fs.readFileSync(file, 'utf8');
    fs.chmodSync(file, 0o644);

    const second = installSecrets(file);
    expect(second.secrets).toEqual(first.secrets);
    expect(second.log).not.toContain('generated secrets');
    expect(fs.readFileSync(file, 'utf8')).toBe(written);
    expect(modeOf(file)).toBe(0o600);
  });

  it('differ between two installs', () => {
    const one = installSecrets(newInstall()).secrets;
    const other = installSecrets(newInstall()).secrets;
    for (const name of NAMES) expect([name, other[name]]).not.toEqual([name, one[name]]);
  });

  it('give way to a value set in the environment, without writing it to the file', () => {
    const file = newInstall();
    const stored = installSecrets(file).secrets;
    const { secrets } = installSecrets(file, { JWT_SECRET: 'operator-supplied' });
    expect(secrets).toEqual({ ...stored, JWT_SECRET: 'operator-supplied' });
    expect(fs.readFileSync(file, 'utf8')).not.toContain('operator-supplied');
  });

  it('live in a git-ignored file', () => {
    const script = `import { SECRETS_FILE } from ${JSON.stringify(MODULE)}; process.stdout.write(SECRETS_FILE);`;
    const file = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).stdout;
    expect(path.relative(ROOT, file)).toBe('.local/secrets.env');
    const ignored = spawnSync('git', ['check-ignore', '--no-index', '--quiet', path.relative(ROOT, file)], {
      cwd: ROOT,
    });
    expect(ignored.status).toBe(0);
  });
});
