/**
 * Validates the Kubernetes manifests with no cluster:
 *  - base and every overlay are built by a real kustomize (`kubectl kustomize` of the kubectl that
 *    deploy/scripts/lib/kustomize.mjs installs) and every built object is checked against the Kubernetes
 *    OpenAPI schema (kubernetes-models);
 *  - the files generated from services.json (k8s, compose, Postgres init, contracts) are current;
 *  - the structure we rely on is asserted: secrets, binding, NetworkPolicies, probes, resources, non-root,
 *    HPA, PDB, selectors, one Deployment per process of services.json.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Deployment, IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import {
  HorizontalPodAutoscaler,
  IHorizontalPodAutoscaler,
} from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { IIngress, Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { INetworkPolicy, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { IPodDisruptionBudget, PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { ISecret, Secret } from 'kubernetes-models/v1/Secret';
import { IService, Service } from 'kubernetes-models/v1/Service';
import manifest from '../services.json';

const ROOT = path.join(__dirname, '..');
const K8S_DIR = __dirname;
const SECRET_EXAMPLE = path.join(K8S_DIR, 'base/secret.example.yaml');
const OVERLAYS = fs.readdirSync(path.join(K8S_DIR, 'overlays')).sort();
const BUILDS = ['base', ...OVERLAYS.map((overlay) => `overlays/${overlay}`)];
const SERVICES = manifest.services.map((service) => service.name);
const PORTS: Record<string, number> = Object.fromEntries([
  ['gateway', manifest.gateway.port],
  ...manifest.services.map((service) => [service.name, service.port]),
]);
const WORKERS = manifest.services.filter((service) => 'jobs' in service && service.jobs).map((s) => `${s.name}-worker`);
const serviceOf = (deployment: string): string => deployment.replace(/-worker$/, '');
/** Services behind the tenant wall: each serves as its own runtime role, with its own password. */
const WALLED = manifest.services.filter((s) => 'tenantWall' in s && s.tenantWall).map((s) => s.name);
const SECRET_KEYS = [
  'caller-context-private-key',
  'caller-context-public-key',
  'data-encryption-key',
  'database-password',
  'file-signing-key',
  'jwt-secret',
  ...WALLED.map((service) => `${service}-database-password`),
  // Every process signs in to Redis as its own user.
  ...['gateway', ...SERVICES].map((app) => `${app}-redis-password`),
  // Every service signs in to Kafka as its own user; the admin runs Kafka's set-up.
  'kafka-admin-password',
  ...SERVICES.map((service) => `${service}-kafka-password`),
].sort();

// ---- loading, building and schema validation -----------------------------------------------

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

type ModelClass = new (data: never) => { validate(): void };

/** Every kind we ship must be listed here, so nothing escapes schema validation. */
const MODELS: Record<string, ModelClass> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

/** Throws (with the offending object named) when the document violates its schema. */
function validate(doc: Manifest): void {
  const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
  if (!Model) throw new Error(`no schema registered for ${doc.apiVersion} ${doc.kind}`);
  try {
    new Model(doc as never).validate();
  } catch (error) {
    throw new Error(`${doc.kind}/${doc.metadata?.name}: ${(error as Error).message}`);
  }
}

function parseYaml(text: string, source: string): Manifest[] {
  const docs: Manifest[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new Error(`${source}: ${doc.errors[0].message}`);
    const value = doc.toJS() as Manifest | null;
    if (value !== null) docs.push(value);
  }
  return docs;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
}

// Installs the pinned kubectl on first use (npm pack, a few seconds); `npm test` does it in its set-up step.
const installer = run('node', ['deploy/scripts/lib/kustomize.mjs']);
if (installer.status !== 0) throw new Error(`no kustomize: ${installer.stderr}`);
const KUBECTL = installer.stdout.trim();

function kustomize(dir: string): Manifest[] {
  const result = run(KUBECTL, ['kustomize', path.join(K8S_DIR, dir)]);
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir}: ${result.stderr}`);
  return parseYaml(result.stdout, dir);
}

const builds: Record<string, Manifest[]> = Object.fromEntries(BUILDS.map((dir) => [dir, kustomize(dir)]));

// ---- helpers for the structural checks -----------------------------------------------------

const ofKind = <T>(docs: Manifest[], kind: string): T[] => docs.filter((d) => d.kind === kind) as unknown as T[];
const name = (d: { metadata?: { name?: string } }): string => d.metadata?.name ?? '';

/** true when every selector label is present, with the same value, in `labels`. */
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

const UNITS: Record<string, number> = { m: 1e-3, k: 1e3, M: 1e6, G: 1e9, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };
function quantity(value: string | number | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(m|k|M|G|Ki|Mi|Gi)?$/.exec(String(value));
  if (!match) throw new Error(`unsupported quantity ${value}`);
  return Number(match[1]) * (match[2] ? UNITS[match[2]] : 1);
}

/** Replica count a Deployment effectively runs with: its HPA's minimum, else spec.replicas. */
function effectiveReplicas(docs: Manifest[], app: string): number {
  const hpa = ofKind<IHorizontalPodAutoscaler>(docs, 'HorizontalPodAutoscaler').find(
    (h) => h.spec?.scaleTargetRef.name === app,
  );
  if (hpa) return hpa.spec?.minReplicas ?? 1;
  return ofKind<IDeployment>(docs, 'Deployment').find((d) => name(d) === app)?.spec?.replicas ?? 1;
}

// ---- the tests -----------------------------------------------------------------------------

describe('one list of services', () => {
  it('the files generated from services.json are current', () => {
    const check = run('node', ['deploy/scripts/generate-deploy.mjs', '--check']);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('a changed list makes them stale (the check can fail)', () => {
    const changed = structuredClone(manifest);
    changed.services[1].port += 100;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'services-')), 'services.json');
    fs.writeFileSync(file, JSON.stringify(changed));
    const check = run('node', ['deploy/scripts/generate-deploy.mjs', '--check'], {
      ...process.env,
      SERVICES_FILE: file,
    });
    expect(check.status).toBe(1);
    for (const stale of ['docker-compose.yml', `k8s/base/generated/${changed.services[1].name}.yaml`])
      expect(check.stderr).toContain(stale);
  });

  it('flags "jobs" for exactly the services whose code registers JobsModule (so each gets its worker)', () => {
    const registersJobs = (service: string): boolean => {
      const src = path.join(ROOT, 'services', service, 'src');
      return fs
        .readdirSync(src, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(file))
        .some((file) => /\bJobsModule\.register\b/.test(fs.readFileSync(path.join(src, file), 'utf8')));
    };
    expect(SERVICES.filter(registersJobs)).toEqual(WORKERS.map(serviceOf));
  });

  it('the npm workspaces are the services of the list, the gateway, the web app and the libraries', () => {
    const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const libraries = fs.readdirSync(path.join(ROOT, 'libs')).map((name) => `libs/${name}`);
    expect([...workspaces].sort()).toEqual(
      [...libraries, ...SERVICES.map((name) => `services/${name}`), 'gateway', 'web'].sort(),
    );
  });

  it('every overlay takes its image tags and replica counts from an environment of the list', () => {
    expect(OVERLAYS).toEqual(Object.keys(manifest.environments).sort());
  });

  it('uses a current kustomize (v5: components)', () => {
    expect(run(KUBECTL, ['version', '--client']).stdout).toMatch(/Kustomize Version: v5\./);
  });
});

describe('the example Secret', () => {
  it('holds placeholders for exactly the required keys', () => {
    const [secret] = parseYaml(fs.readFileSync(SECRET_EXAMPLE, 'utf8'), SECRET_EXAMPLE) as unknown as ISecret[];
    validate(secret as unknown as Manifest);
    expect(secret.metadata?.name).toBe('infra-secrets');
    expect(secret.data).toBeUndefined();
    expect(Object.keys(secret.stringData ?? {}).sort()).toEqual(SECRET_KEYS);
    for (const value of Object.values(secret.stringData ?? {})) expect(value).toMatch(/^CHANGE-ME/);
  });

  it('is part of no build', () => {
    for (const dir of BUILDS) expect(ofKind(builds[dir], 'Secret')).toEqual([]);
  });
});

describe('validation can fail', () => {
  const good = (): Manifest => structuredClone(ofKind<Manifest>(builds.base, 'Deployment')[0]);

  it('accepts an untouched Deployment', () => {
    expect(() => validate(good())).not.toThrow();
  });

  it('rejects a Deployment whose container port is not a number', () => {
    const broken = good() as unknown as IDeployment;
    (broken.spec!.template.spec!.containers[0].ports![0] as { containerPort: unknown }).containerPort = 'http';
    expect(() => validate(broken as unknown as Manifest)).toThrow(/containerPort must be integer/);
  });

  it('rejects a Deployment without a selector, and kinds it has no schema for', () => {
    const broken = good();
    delete (broken as unknown as { spec: { selector?: unknown } }).spec.selector;
    expect(() => validate(broken)).toThrow(/selector/);
    expect(() => validate({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } })).toThrow(/no schema/);
  });

  it('kustomize refuses a broken kustomization', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kustomize-'));
    fs.writeFileSync(path.join(dir, 'kustomization.yaml'), 'resources:\n  - missing.yaml\n');
    expect(run(KUBECTL, ['kustomize', dir]).status).not.toBe(0);
  });
});

describe.each(BUILDS)('build of %s', (dir) => {
  const docs = builds[dir];
  const deployments = ofKind<IDeployment>(docs, 'Deployment');
  const policies = ofKind<INetworkPolicy>(docs, 'NetworkPolicy');
  const podLabels = (app: string) => deployments.find((d) => name(d) === app)?.spec?.template.metadata?.labels;

  it('every object is schema-valid and unique', () => {
    for (const doc of docs) validate(doc);
    const ids = docs.map((d) => `${d.kind}/${d.metadata.name}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has the gateway, every service of services.json and a worker per service with jobs', () => {
    expect(deployments.map(name).sort()).toEqual(['gateway', ...SERVICES, ...WORKERS].sort());
    expect(WORKERS).toContain('identity-worker');
  });

  it('puts every object in one namespace', () => {
    const [namespace] = ofKind<Manifest>(docs, 'Namespace');
    expect(namespace.metadata.name).toBe(dir === 'base' ? 'infra-analytics' : `infra-analytics-${path.basename(dir)}`);
    for (const doc of docs.filter((d) => d.kind !== 'Namespace')) {
      expect(`${doc.kind}/${doc.metadata.name} in ${doc.metadata.namespace}`).toBe(
        `${doc.kind}/${doc.metadata.name} in ${namespace.metadata.name}`,
      );
    }
  });

  it.each(['gateway', ...SERVICES, ...WORKERS])('Deployment %s: probes, resources, hardening, env, image', (app) => {
    const deployment = deployments.find((d) => name(d) === app)!;
    const pod = deployment.spec!.template.spec!;
    const [container] = pod.containers;
    const service = serviceOf(app);
    const port = PORTS[service];
    const worker = app.endsWith('-worker');

    expect(pod.containers).toHaveLength(1);
    expect(container.name).toBe(worker ? 'worker' : app);
    expect(container.ports?.find((p) => p.name === 'http')).toEqual({ name: 'http', containerPort: port });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    // Prometheus scrapes the gateway's internal metrics listener, every other process on its own port.
    const metricsPort = app === 'gateway' ? manifest.gateway.metricsPort : port;
    expect(deployment.spec!.template.metadata?.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(metricsPort),
      'prometheus.io/path': '/metrics',
    });
    if (app === 'gateway') {
      expect(container.ports).toContainEqual({ name: 'metrics', containerPort: manifest.gateway.metricsPort });
      // Behind the Ingress controller: its X-Forwarded-For entry is the client (per-client throttles).
      expect(container.env).toContainEqual({ name: 'TRUST_PROXY_HOPS', value: '1' });
    }

    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
    expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
    expect(pod.volumes?.find((v) => v.name === 'tmp')?.emptyDir).toBeDefined();

    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      for (const resource of ['cpu', 'memory']) {
        const request = c.resources?.requests?.[resource];
        const limit = c.resources?.limits?.[resource];
        expect({ container: c.name, resource, request, limit }).toEqual(
          expect.objectContaining({ request: expect.anything(), limit: expect.anything() }),
        );
        expect(quantity(request)).toBeLessThanOrEqual(quantity(limit));
      }
      expect(c.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(c.volumeMounts).toEqual(expect.arrayContaining([{ name: 'tmp', mountPath: '/tmp' }]));
      // Image named after the service (a worker runs its service's image); overlays never run `latest`.
      expect(c.image).toMatch(new RegExp(`^infra-analytics/${service}:[\\w.-]+$`));
      if (dir !== 'base') expect(c.image).not.toMatch(/:latest$/);

      expect(c.envFrom).toEqual([{ configMapRef: { name: 'infra-config' } }]);
      if (c.name === 'kafka-setup') {
        // Kafka's set-up alone signs in as the admin, and holds nothing else.
        expect(c.args).toEqual(['provision-kafka']);
        expect(c.env).toEqual([
          {
            name: 'KAFKA_USERNAME',
            valueFrom: { configMapKeyRef: { name: 'infra-config', key: 'KAFKA_ADMIN_USERNAME' } },
          },
          {
            name: 'KAFKA_PASSWORD',
            valueFrom: { secretKeyRef: { name: 'infra-secrets', key: 'kafka-admin-password' } },
          },
        ]);
        continue;
      }
      const env = Object.fromEntries((c.env ?? []).map((e) => [e.name, e]));
      expect(env.PORT?.value).toBe(String(PORTS[service]));
      if (app === 'gateway') {
        expect(env.METRICS_PORT?.value).toBe(String(manifest.gateway.metricsPort));
        for (const s of SERVICES) expect(env[`SERVICE_URL_${s.toUpperCase()}`]?.value).toBe(`http://${s}:${PORTS[s]}`);
      } else {
        expect(env.HOST?.value).toBe('0.0.0.0');
        expect(env.DATABASE_NAME?.value).toBe(`infra_${service}`);
      }
      // A service with a worker leaves its jobs to it; the worker serves no API.
      const hasWorker = WORKERS.includes(`${service}-worker`);
      expect(env.WORKER_ONLY?.value).toBe(worker ? 'true' : undefined);
      expect(env.JOBS_ENABLED?.value).toBe(hasWorker && !worker ? 'false' : undefined);
      // Only the secrets this process needs (COMMON decision 1), from infra-secrets, never optional.
      const refs = (c.env ?? []).filter((e) => e.valueFrom?.secretKeyRef);
      // A walled service serves as its runtime role with its own password; only its migrate job holds the owner's.
      const walled = WALLED.includes(service);
      const migrating = c.name === 'migrate' && walled;
      const keyOf = (variable: string) =>
        variable === 'DATABASE_PASSWORD' && walled
          ? `${service}-database-password`
          : variable === 'DATABASE_MIGRATION_PASSWORD'
            ? 'database-password'
            : variable === 'REDIS_PASSWORD'
              ? `${service}-redis-password`
              : variable === 'KAFKA_PASSWORD'
                ? `${service}-kafka-password`
                : variable.toLowerCase().replaceAll('_', '-');
      for (const ref of refs) {
        expect(ref.valueFrom!.secretKeyRef).toEqual({ name: 'infra-secrets', key: expect.any(String) });
        expect(SECRET_KEYS).toContain(ref.valueFrom!.secretKeyRef!.key);
        expect(keyOf(ref.name)).toBe(ref.valueFrom!.secretKeyRef!.key);
      }
      // A serving process signs in to Redis and (a service) Kafka as its own user; the migrate job uses neither.
      expect(env.REDIS_USERNAME?.value).toBe(c.name === 'migrate' ? undefined : `infra_${service}`);
      expect(env.KAFKA_USERNAME?.value).toBe(c.name === 'migrate' || app === 'gateway' ? undefined : service);
      if (app !== 'gateway') {
        expect(env.DATABASE_USER?.value).toBe(walled ? `infra_${service}_runtime` : undefined);
        expect(env.DATABASE_MIGRATION_USER?.valueFrom?.configMapKeyRef).toEqual(
          migrating ? { name: 'infra-config', key: 'DATABASE_USER' } : undefined,
        );
      }
      const expected =
        app === 'gateway'
          ? ['JWT_SECRET', 'CALLER_CONTEXT_PRIVATE_KEY', 'REDIS_PASSWORD']
          : [
              ...(c.name === 'migrate' ? [] : ['REDIS_PASSWORD', 'KAFKA_PASSWORD']),
              'DATABASE_PASSWORD',
              ...(migrating ? ['DATABASE_MIGRATION_PASSWORD'] : []),
              'CALLER_CONTEXT_PUBLIC_KEY',
              ...(service === 'identity' ? ['JWT_SECRET', 'DATA_ENCRYPTION_KEY'] : []),
              ...(service === 'tagging' ? ['FILE_SIGNING_KEY'] : []),
            ];
      expect(refs.map((e) => e.name).sort()).toEqual(expected.sort());
      // No secret value is ever written into a manifest.
      expect((c.env ?? []).filter((e) => /SECRET|KEY|PASSWORD/.test(e.name) && e.value !== undefined)).toEqual([]);
    }

    // Services migrate their database first, with the same image (the one marked kafkaSetup sets Kafka up before);
    // the gateway has no database, a worker leaves migrating to its service.
    const kafkaSetup = manifest.services.some((s) => s.name === service && 'kafkaSetup' in s && s.kafkaSetup);
    if (app === 'gateway' || worker) expect(pod.initContainers ?? []).toEqual([]);
    else
      expect(pod.initContainers?.map((c) => [c.name, c.args, c.image])).toEqual([
        ...(kafkaSetup ? [['kafka-setup', ['provision-kafka'], container.image]] : []),
        ['migrate', ['migrate'], container.image],
      ]);
  });

  it('references only ConfigMaps it defines, with no secrets in them', () => {
    const configMaps = ofKind<IConfigMap>(docs, 'ConfigMap');
    const defined = new Set(configMaps.map(name));
    for (const d of deployments) {
      const pod = d.spec!.template.spec!;
      for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
        for (const source of c.envFrom ?? []) expect(defined).toContain(source.configMapRef?.name);
      }
    }
    for (const cm of configMaps) {
      expect(Object.keys(cm.data ?? {}).filter((key) => /PASSWORD|SECRET|TOKEN|KEY/.test(key))).toEqual([]);
    }
  });

  it('has an HPA for the gateway and each autoscaled service, owning their replica count', () => {
    const hpas = ofKind<IHorizontalPodAutoscaler>(docs, 'HorizontalPodAutoscaler');
    const autoscaled = manifest.services.filter((s) => 'autoscale' in s).map((s) => s.name);
    expect(hpas.map((h) => h.spec?.scaleTargetRef.name).sort()).toEqual(['gateway', ...autoscaled].sort());
    for (const hpa of hpas) {
      const target = deployments.find((d) => name(d) === hpa.spec?.scaleTargetRef.name);
      expect(hpa.spec?.scaleTargetRef.kind).toBe('Deployment');
      expect(target?.spec?.replicas).toBeUndefined();
      expect(hpa.spec!.minReplicas!).toBeLessThanOrEqual(hpa.spec!.maxReplicas);
    }
  });

  it('rolls every Deployment a pod at a time, each pod leaving the endpoints before its graceful shutdown', () => {
    /** libs/platform bootstrap.ts: a process that has not stopped this long after SIGTERM exits anyway. */
    const SHUTDOWN_DEADLINE_S = 15;
    for (const d of deployments) {
      const pod = d.spec!.template.spec!;
      expect([name(d), d.spec?.strategy]).toEqual([
        name(d),
        { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      ]);
      for (const container of pod.containers) {
        // Readiness gates the traffic; the preStop sleep outlasts the endpoints' propagation (a few seconds).
        expect(container.readinessProbe?.httpGet?.path).toBe('/health/ready');
        const [command, seconds] = container.lifecycle?.preStop?.exec?.command ?? [];
        expect([name(d), command, Number(seconds)]).toEqual([name(d), 'sleep', expect.any(Number)]);
        expect(Number(seconds)).toBeGreaterThanOrEqual(5);
        // The grace period covers the sleep and the process's own shutdown deadline: Kubernetes never kills it mid-way.
        expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + SHUTDOWN_DEADLINE_S);
      }
    }
  });

  it("keeps tagging's files in S3, so each of its pods reads every upload (no volume pins it to one pod)", () => {
    const [config] = ofKind<IConfigMap>(docs, 'ConfigMap').filter((c) => c.metadata?.name === 'infra-config');
    expect(config?.data).toMatchObject({ FILE_STORE: 's3', S3_BUCKET: expect.stringMatching(/\S/) });
    expect(ofKind<Manifest>(docs, 'PersistentVolumeClaim')).toEqual([]);
    for (const app of ['tagging', 'tagging-worker'])
      expect(deployments.find((d) => name(d) === app)?.spec?.template.spec?.volumes?.map((v) => v.name)).toEqual([
        'tmp',
      ]);
  });

  it('has a PodDisruptionBudget selecting each Deployment', () => {
    const pdbs = ofKind<IPodDisruptionBudget>(docs, 'PodDisruptionBudget');
    for (const d of deployments) {
      const covering = pdbs.filter((p) => selects(p.spec?.selector?.matchLabels, d.spec?.template.metadata?.labels));
      expect({ deployment: name(d), pdbs: covering.length }).toEqual({ deployment: name(d), pdbs: 1 });
      expect(selects(d.spec?.selector.matchLabels, d.spec?.template.metadata?.labels)).toBe(true);
    }
  });

  it('every Service selects exactly one Deployment (never a worker), on a port it exposes', () => {
    const services = ofKind<IService>(docs, 'Service');
    expect(services.map(name).sort()).toEqual(['gateway', ...SERVICES].sort());
    for (const service of services) {
      const targets = deployments.filter((d) => selects(service.spec?.selector, d.spec?.template.metadata?.labels));
      expect({ service: name(service), deployments: targets.map(name) }).toEqual({
        service: name(service),
        deployments: [name(service)],
      });
      expect(service.spec?.ports).toEqual([{ name: 'http', port: PORTS[name(service)], targetPort: 'http' }]);
    }
  });

  it('the Ingress routes to the gateway Service', () => {
    const [ingress, ...others] = ofKind<IIngress>(docs, 'Ingress');
    expect(others).toEqual([]);
    const backends = (ingress.spec?.rules ?? []).flatMap((r) => r.http?.paths ?? []).map((p) => p.backend.service);
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) expect(backend).toEqual({ name: 'gateway', port: { name: 'http' } });
    if (dir !== 'base') expect(ingress.spec?.rules?.every((r) => !!r.host)).toBe(true);
  });

  describe('NetworkPolicies', () => {
    const monitoring = { namespaceSelector: { matchLabels: { 'infra-analytics/monitoring': 'true' } } };
    const policyFor = (app: string) => {
      const matching = policies.filter((p) => name(p) !== 'default-deny-ingress');
      const found = matching.filter((p) => selects(p.spec?.podSelector.matchLabels, podLabels(app)));
      expect({ app, policies: found.length }).toEqual({ app, policies: 1 });
      return found[0];
    };

    it('deny all ingress to every pod of the namespace by default', () => {
      const deny = policies.find((p) => name(p) === 'default-deny-ingress');
      expect(deny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
      // Every other policy names its peers: an empty `from` would admit everyone.
      for (const policy of policies)
        for (const rule of policy.spec?.ingress ?? []) expect(rule.from?.length).toBeGreaterThan(0);
    });

    it('admit the ingress controller to the gateway port and Prometheus to its metrics port, nothing else', () => {
      expect(policyFor('gateway').spec?.ingress).toEqual([
        {
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
          ports: [{ protocol: 'TCP', port: manifest.gateway.port }],
        },
        { from: [monitoring], ports: [{ protocol: 'TCP', port: manifest.gateway.metricsPort }] },
      ]);
    });

    it.each(SERVICES)('admit only gateway pods (and Prometheus) to %s', (service) => {
      const gatewayPod = { podSelector: { matchLabels: expect.any(Object) as unknown } };
      const rules = policyFor(service).spec?.ingress ?? [];
      expect(rules).toEqual([
        { from: [gatewayPod], ports: [{ protocol: 'TCP', port: PORTS[service] }] },
        { from: [monitoring], ports: [{ protocol: 'TCP', port: PORTS[service] }] },
      ]);
      const selector = rules[0].from![0].podSelector!.matchLabels;
      const admitted = deployments.filter((d) => selects(selector, d.spec?.template.metadata?.labels)).map(name);
      expect(admitted).toEqual(['gateway']);
    });

    it.each(WORKERS)('admit only Prometheus to the worker %s', (worker) => {
      expect(policyFor(worker).spec?.ingress).toEqual([
        { from: [monitoring], ports: [{ protocol: 'TCP', port: PORTS[serviceOf(worker)] }] },
      ]);
    });
  });
});

describe('overlays', () => {
  const dev = builds['overlays/dev'];
  const uat = builds['overlays/uat'];
  const apps = ['gateway', ...SERVICES, ...WORKERS];
  const configValue = (docs: Manifest[], key: string): string | undefined =>
    ofKind<IConfigMap>(docs, 'ConfigMap').find((c) => name(c) === 'infra-config')?.data?.[key];
  const limit = (docs: Manifest[], app: string, resource: string): number =>
    quantity(
      ofKind<IDeployment>(docs, 'Deployment').find((d) => name(d) === app)!.spec!.template.spec!.containers[0]
        .resources!.limits![resource],
    );

  it('take image tags and replica counts from services.json', () => {
    for (const [environment, docs] of [
      ['dev', dev],
      ['uat', uat],
    ] as const) {
      const { imageTag, replicas } = manifest.environments[environment];
      for (const d of ofKind<IDeployment>(docs, 'Deployment')) {
        expect(d.spec!.template.spec!.containers[0].image).toMatch(new RegExp(`:${imageTag.replace('.', '\\.')}$`));
        const fixed = d.spec?.replicas;
        if (fixed !== undefined) expect([name(d), fixed]).toEqual([name(d), replicas]);
      }
    }
  });

  it('uat runs at least as many replicas as dev everywhere, and more overall', () => {
    for (const app of apps) expect(effectiveReplicas(uat, app)).toBeGreaterThanOrEqual(effectiveReplicas(dev, app));
    const total = (docs: Manifest[]): number => apps.reduce((sum, app) => sum + effectiveReplicas(docs, app), 0);
    expect(total(uat)).toBeGreaterThan(total(dev));
  });

  it('uat gives gateway and analytics higher limits than dev', () => {
    for (const app of ['gateway', 'analytics']) {
      for (const resource of ['cpu', 'memory'])
        expect(limit(uat, app, resource)).toBeGreaterThan(limit(dev, app, resource));
    }
  });

  it('sets the log level per environment', () => {
    expect(configValue(dev, 'LOG_LEVEL')).toBe('debug');
    expect(configValue(uat, 'LOG_LEVEL')).toBe('info');
  });
});

describe('docker-compose.yml', () => {
  interface ComposeService {
    environment?: Record<string, string | number>;
    ports?: string[];
  }
  const compose = parseYaml(
    fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'),
    'docker-compose.yml',
  )[0] as unknown as {
    services: Record<string, ComposeService>;
  };
  const apps = ['gateway', ...SERVICES, ...WORKERS];
  const secretVariables = /SECRET|KEY|PASSWORD/;

  it('runs every process of services.json, each service with its migrate one-shot', () => {
    for (const app of apps) expect(compose.services[app]).toBeDefined();
    for (const service of SERVICES) expect(compose.services[`${service}-migrate`]).toBeDefined();
  });

  it('takes every secret from the environment and refuses to start without it', () => {
    for (const [service, definition] of Object.entries(compose.services)) {
      for (const [variable, value] of Object.entries(definition.environment ?? {})) {
        if (!secretVariables.test(variable)) continue;
        // A walled service (and its worker and migrate job) connects with its runtime role's own password; only
        // its migrate job holds the owner's, as DATABASE_MIGRATION_PASSWORD.
        const walled = WALLED.find((name) => service === name || service.startsWith(`${name}-`));
        const source =
          variable === 'DATABASE_PASSWORD' && walled
            ? `${walled.toUpperCase()}_DATABASE_PASSWORD`
            : /^(DATABASE_PASSWORD|POSTGRES_PASSWORD|DATABASE_MIGRATION_PASSWORD)$/.test(variable)
              ? 'DATABASE_PASSWORD'
              : variable === 'REDIS_PASSWORD'
                ? `${service.replace(/-worker$/, '').toUpperCase()}_REDIS_PASSWORD`
                : variable === 'KAFKA_PASSWORD'
                  ? service === 'kafka-setup'
                    ? 'KAFKA_ADMIN_PASSWORD'
                    : `${service.replace(/-worker$/, '').toUpperCase()}_KAFKA_PASSWORD`
                  : variable;
        expect([service, variable, value]).toEqual([service, variable, `\${${source}:?set ${source}, see README}`]);
        if (variable === 'DATABASE_MIGRATION_PASSWORD') expect(service).toBe(`${walled}-migrate`);
      }
    }
    const secretsOf = (app: string) =>
      Object.keys(compose.services[app].environment ?? {})
        .filter((variable) => secretVariables.test(variable))
        .sort();
    expect(secretsOf('gateway')).toEqual(['CALLER_CONTEXT_PRIVATE_KEY', 'JWT_SECRET', 'REDIS_PASSWORD']);
    expect(secretsOf('identity')).toEqual([
      'CALLER_CONTEXT_PUBLIC_KEY',
      'DATABASE_PASSWORD',
      'DATA_ENCRYPTION_KEY',
      'JWT_SECRET',
      'KAFKA_PASSWORD',
      'REDIS_PASSWORD',
    ]);
    expect(secretsOf('tagging')).toEqual([
      'CALLER_CONTEXT_PUBLIC_KEY',
      'DATABASE_PASSWORD',
      'FILE_SIGNING_KEY',
      'KAFKA_PASSWORD',
      'REDIS_PASSWORD',
    ]);
    for (const service of SERVICES.filter((s) => s !== 'identity' && s !== 'tagging'))
      expect(secretsOf(service)).toEqual([
        'CALLER_CONTEXT_PUBLIC_KEY',
        'DATABASE_PASSWORD',
        'KAFKA_PASSWORD',
        'REDIS_PASSWORD',
      ]);
    // Kafka's set-up alone holds the admin's password; the broker makes each service's user with its storage.
    expect(secretsOf('kafka-setup')).toEqual(['KAFKA_PASSWORD']);
    for (const service of SERVICES)
      expect(compose.services.kafka.environment?.KAFKA_SCRAM_USERS).toContain(
        `${service}:\${${service.toUpperCase()}_KAFKA_PASSWORD:?set ${service.toUpperCase()}_KAFKA_PASSWORD, see README}`,
      );
    // Redis has no default user: each process signs in as its own, with no dangerous command.
    const redis = compose.services.redis as ComposeService & { command: string[] };
    expect(redis.command.join(' ')).toContain('--user default off');
    for (const app of ['gateway', ...SERVICES]) {
      // Its own keys only: the gateway reads identity's revocation marks, a service works its own job queues.
      const keys =
        app === 'gateway'
          ? '~idempotency:* %R~session:revoked:* &access-changes:*'
          : `~bull:${app}:* ~bull:${app}-messaging:*`;
      expect(redis.command.join(' ')).toContain(
        `--user infra_${app} on >\${${app.toUpperCase()}_REDIS_PASSWORD:?set ${app.toUpperCase()}_REDIS_PASSWORD, see README} ${keys}`,
      );
      expect(redis.command.join(' ')).not.toContain('~*');
      expect(compose.services[app].environment?.REDIS_USERNAME).toBe(`infra_${app}`);
    }
  });

  it('publishes only the gateway port; services listen on all interfaces inside the network', () => {
    const published = Object.entries(compose.services).filter(([, definition]) => definition.ports?.length);
    expect(published).toEqual([['gateway', expect.objectContaining({ ports: [`${PORTS.gateway}:${PORTS.gateway}`] })]]);
    for (const app of apps.filter((a) => a !== 'gateway')) {
      expect(compose.services[app].environment?.HOST).toBe('0.0.0.0');
      expect(compose.services[app].environment?.NODE_ENV).toBe('production');
    }
    expect(compose.services['identity-worker'].environment?.WORKER_ONLY).toBe('true');
    expect(compose.services.identity.environment?.JOBS_ENABLED).toBe('false');
  });
});
