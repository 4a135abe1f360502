// Reads services.json, the one list of the product's processes (see its $comment).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// SERVICES_FILE lets k8s/manifests.test.ts prove that a changed list makes the generated files stale.
const manifest = JSON.parse(fs.readFileSync(process.env.SERVICES_FILE ?? path.join(ROOT, 'services.json'), 'utf8'));

/** @type {{ port: number, metricsPort: number, secrets: string[] }} */
export const GATEWAY = manifest.gateway;

/**
 * @type {{ name: string, port: number, secrets?: string[], jobs?: boolean, fileStore?: boolean, tenantWall?: boolean,
 *   kafkaSetup?: boolean,
 *   autoscale?: { minReplicas: number, maxReplicas: number },
 *   resources?: { requests: Record<string, string>, limits: Record<string, string> } }[]}
 */
export const SERVICE_LIST = manifest.services;

/** The backend services' names, in start order. */
export const SERVICES = SERVICE_LIST.map((service) => service.name);

export const SERVICE_PORTS = Object.fromEntries(SERVICE_LIST.map((service) => [service.name, service.port]));

/** @type {Record<string, { imageTag: string, replicas: number }>} */
export const ENVIRONMENTS = manifest.environments;

/**
 * The secret variables (COMMON decision 1) a process is given: the gateway its own list, every service the
 * caller-context public key plus its own list. The database password is the deployment's business.
 */
export function secretsOf(name) {
  if (name === 'gateway') return GATEWAY.secrets;
  const service = SERVICE_LIST.find((candidate) => candidate.name === name);
  if (!service) throw new Error(`${name} is not in services.json`);
  return ['CALLER_CONTEXT_PUBLIC_KEY', ...(service.secrets ?? [])];
}

/**
 * The services behind the tenant wall (row-level security, docs/runbook.md): each serves as its own runtime role,
 * `infra_<name>_runtime`, whose password is the secret `<NAME>_DATABASE_PASSWORD`; its migrations run as the owner.
 */
export const WALLED_SERVICES = SERVICE_LIST.filter((service) => service.tenantWall).map((service) => service.name);
export const runtimeRoleOf = (name) => `infra_${name}_runtime`;
export const runtimePasswordSecretOf = (name) => `${name.toUpperCase()}_DATABASE_PASSWORD`;

/**
 * Each process signs in to Redis as its own ACL user (`<prefix><name>`: every copy of the product has its own), with
 * the password `<NAME>_REDIS_PASSWORD`; it may touch only its own keys and run no dangerous command (FLUSHALL,
 * CONFIG, KEYS, …).
 */
export const REDIS_PROCESSES = ['gateway', ...SERVICES];
export const redisPasswordSecretOf = (name) => `${name.toUpperCase()}_REDIS_PASSWORD`;
/** A process's Redis user in Docker and Kubernetes (the `infra_` copy of the product). */
export const redisUserOf = (name) => `infra_${name}`;
/**
 * The keys and channels each process uses besides its service's job queues (`bull:<service>:…` and
 * `bull:<service>-messaging:…`, libs/jobs): identity counts sign-in attempts and marks revoked sessions, which the
 * gateway may only read; identity tells the gateways of access changes; the gateway keeps idempotent requests;
 * tagging marks used upload addresses. A key outside these is refused (NOPERM).
 */
const REDIS_KEYS = {
  gateway: ['~idempotency:*', '%R~session:revoked:*', '&access-changes:*'],
  identity: ['~throttle:*', '~session:revoked:*', '&access-changes:*'],
  tagging: ['~tag-upload-used:*'],
};
/** The ACL rules of a process's Redis user (after `reset on` and its password). */
export const redisUserRulesOf = (name) => [
  ...(name === 'gateway' ? [] : [`~bull:${name}:*`, `~bull:${name}-messaging:*`]),
  ...(REDIS_KEYS[name] ?? []),
  '+@all',
  '-@dangerous',
  '+info',
];

/**
 * Each service signs in to Kafka as its own SASL/SCRAM user, named after it, with the password
 * `<NAME>_KAFKA_PASSWORD`; the ACLs (libs/messaging kafka-provisioning.ts) let it write only its own topics. The
 * set-up (topics, ACLs) signs in as the brokers' admin, `KAFKA_ADMIN_PASSWORD`; it runs before the service marked
 * `kafkaSetup` in services.json starts (Kubernetes: its init container; Compose: a one-shot).
 */
export const kafkaPasswordSecretOf = (name) => `${name.toUpperCase()}_KAFKA_PASSWORD`;
export const KAFKA_ADMIN_PASSWORD = 'KAFKA_ADMIN_PASSWORD';
/**
 * The brokers' super user: provisioning (topics, ACLs), the broker's own connections and the tests. Local brokers and
 * Compose; Kubernetes names its own in infra-config.
 */
export const KAFKA_ADMIN_USER = 'admin';
