/**
 * Validates every Kubernetes manifest under k8s/ with no cluster:
 *  - each YAML document is checked against the Kubernetes OpenAPI schema (kubernetes-models);
 *  - base and overlays are built by a small kustomize-like builder (resources, namespace,
 *    images, replicas, strategic-merge patches) and the built result is validated too;
 *  - the structure we rely on is asserted (probes, resources, non-root, HPA, PDB, selectors…).
 *
 * When `kubectl` is on the PATH, the builder's output is also compared with the real
 * `kubectl kustomize`, so the two cannot drift apart silently.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Deployment, IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import {
  HorizontalPodAutoscaler,
  IHorizontalPodAutoscaler,
} from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { IIngress, Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { IPodDisruptionBudget, PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { ISecret, Secret } from 'kubernetes-models/v1/Secret';
import { IService, Service } from 'kubernetes-models/v1/Service';

const K8S_DIR = __dirname;
const BASE_DIR = path.join(K8S_DIR, 'base');
const SECRET_EXAMPLE = path.join(BASE_DIR, 'secret.example.yaml');
const BUILDS = ['base', 'overlays/dev', 'overlays/uat'] as const;
const OVERLAY_NAMESPACES: Record<string, string> = {
  'overlays/dev': 'infra-analytics-dev',
  'overlays/uat': 'infra-analytics-uat',
};
const SERVICES = ['identity', 'inventory', 'tagging', 'events', 'analytics'];
const PORTS: Record<string, number> = {
  gateway: 8080,
  identity: 3001,
  inventory: 3002,
  tagging: 3003,
  events: 3004,
  analytics: 3005,
};

// ---- loading and schema validation ---------------------------------------------------------

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

function loadYaml(file: string): Manifest[] {
  const docs: Manifest[] = [];
  for (const doc of parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
    const value = doc.toJS() as Manifest | null;
    if (value !== null) docs.push(value);
  }
  return docs;
}

function yamlFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

// ---- a small kustomize ---------------------------------------------------------------------

interface Kustomization {
  apiVersion: string;
  kind: string;
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { path: string }[];
}

// Anything else would be silently ignored by this builder, so it is refused instead.
const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'images', 'replicas', 'patches']);
const CLUSTER_SCOPED = new Set(['Namespace']);

function readKustomization(dir: string): Kustomization {
  const [k] = loadYaml(path.join(dir, 'kustomization.yaml')) as unknown as Kustomization[];
  const unsupported = Object.keys(k).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0) {
    throw new Error(`${dir}: fields not supported by the test's kustomize build: ${unsupported.join(', ')}`);
  }
  for (const patch of k.patches ?? []) {
    if (Object.keys(patch).join() !== 'path') {
      throw new Error(`${dir}: only file patches ({ path }) matched by kind+name are supported`);
    }
  }
  return k;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNamedList = (value: unknown): value is { name: string }[] =>
  Array.isArray(value) && value.every((item) => isObject(item) && typeof item.name === 'string');

/**
 * Strategic-merge-style: objects merge deeply (null deletes a key), lists of named items
 * (containers, env, volumes, ports) merge by `name`, any other list is replaced.
 */
function merge(base: unknown, patch: unknown): unknown {
  if (isObject(base) && isObject(patch)) {
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete out[key];
      else out[key] = merge(base[key], value);
    }
    return out;
  }
  if (isNamedList(base) && isNamedList(patch)) {
    const out: unknown[] = [...base];
    for (const item of patch) {
      const index = out.findIndex((existing) => (existing as { name: string }).name === item.name);
      if (index >= 0) out[index] = merge(out[index], item);
      else out.push(item);
    }
    return out;
  }
  return structuredClone(patch);
}

function podTemplateContainers(doc: Manifest): { image?: string }[] {
  if (doc.kind !== 'Deployment') return [];
  const spec = (doc as unknown as IDeployment).spec?.template.spec;
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
}

function kustomizeBuild(dir: string): Manifest[] {
  const k = readKustomization(dir);
  let docs: Manifest[] = [];
  for (const resource of k.resources ?? []) {
    const target = path.resolve(dir, resource);
    docs.push(...(fs.statSync(target).isDirectory() ? kustomizeBuild(target) : loadYaml(target)));
  }

  for (const { path: patchFile } of k.patches ?? []) {
    for (const patch of loadYaml(path.resolve(dir, patchFile))) {
      const matches = docs.filter((d) => d.kind === patch.kind && d.metadata.name === patch.metadata.name);
      if (matches.length !== 1) {
        throw new Error(`${patchFile}: ${patch.kind}/${patch.metadata.name} matches ${matches.length} resources`);
      }
      docs = docs.map((d) => (d === matches[0] ? (merge(d, patch) as Manifest) : d));
    }
  }

  if (k.namespace) {
    const namespace = k.namespace;
    docs = docs.map((d) =>
      CLUSTER_SCOPED.has(d.kind)
        ? // kustomize renames Namespace objects to the target namespace.
          d.kind === 'Namespace'
          ? { ...d, metadata: { ...d.metadata, name: namespace } }
          : d
        : { ...d, metadata: { ...d.metadata, namespace } },
    );
  }

  for (const rule of k.images ?? []) {
    let used = false;
    for (const container of docs.flatMap(podTemplateContainers)) {
      const [name, tag] = (container.image ?? '').split(':');
      if (name !== rule.name) continue;
      container.image = `${rule.newName ?? name}:${rule.newTag ?? tag}`;
      used = true;
    }
    if (!used) throw new Error(`${dir}: image rule ${rule.name} matches no container`);
  }

  for (const { name, count } of k.replicas ?? []) {
    const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === name);
    if (!deployment) throw new Error(`${dir}: replicas for unknown Deployment ${name}`);
    (deployment as unknown as IDeployment).spec!.replicas = count;
  }
  return docs;
}

// ---- helpers for the structural checks -----------------------------------------------------

const ofKind = <T>(docs: Manifest[], kind: string): T[] => docs.filter((d) => d.kind === kind) as unknown as T[];

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
function effectiveReplicas(docs: Manifest[], name: string): number {
  const hpa = ofKind<IHorizontalPodAutoscaler>(docs, 'HorizontalPodAutoscaler').find(
    (h) => h.spec?.scaleTargetRef.name === name,
  );
  if (hpa) return hpa.spec?.minReplicas ?? 1;
  return ofKind<IDeployment>(docs, 'Deployment').find((d) => d.metadata?.name === name)?.spec?.replicas ?? 1;
}

const builds: Record<string, Manifest[]> = Object.fromEntries(
  BUILDS.map((dir) => [dir, kustomizeBuild(path.join(K8S_DIR, dir))]),
);
const secretKeys = Object.keys((loadYaml(SECRET_EXAMPLE)[0] as unknown as ISecret).stringData ?? {});

// ---- the tests -----------------------------------------------------------------------------

describe('k8s files', () => {
  it('every kustomization entry exists, every manifest is used, the example Secret is not', () => {
    const referenced = new Set<string>();
    for (const file of yamlFilesUnder(K8S_DIR).filter((f) => path.basename(f) === 'kustomization.yaml')) {
      const dir = path.dirname(file);
      const k = readKustomization(dir);
      referenced.add(file);
      for (const entry of [...(k.resources ?? []), ...(k.patches ?? []).map((p) => p.path)]) {
        const target = path.resolve(dir, entry);
        expect({ entry: `${path.relative(K8S_DIR, dir)}: ${entry}`, exists: fs.existsSync(target) }).toEqual(
          expect.objectContaining({ exists: true }),
        );
        referenced.add(fs.statSync(target).isDirectory() ? path.join(target, 'kustomization.yaml') : target);
      }
    }
    const unused = yamlFilesUnder(K8S_DIR).filter((f) => !referenced.has(f) && f !== SECRET_EXAMPLE);
    expect(unused).toEqual([]);
    expect(referenced.has(SECRET_EXAMPLE)).toBe(false);
  });

  it.each(
    yamlFilesUnder(BASE_DIR)
      .filter((f) => path.basename(f) !== 'kustomization.yaml')
      .map((f) => path.relative(K8S_DIR, f)),
  )('%s is schema-valid', (file) => {
    const docs = loadYaml(path.join(K8S_DIR, file));
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) validate(doc);
  });

  it('the example Secret holds placeholders only', () => {
    const secret = loadYaml(SECRET_EXAMPLE)[0] as unknown as ISecret;
    expect(secret.metadata?.name).toBe('infra-secrets');
    expect(secret.data).toBeUndefined();
    expect(secretKeys.sort()).toEqual([
      'DATABASE_PASSWORD',
      'DATA_ENCRYPTION_KEY',
      'INTERNAL_CONTEXT_SECRET',
      'JWT_SECRET',
    ]);
    for (const value of Object.values(secret.stringData ?? {})) expect(value).toMatch(/^CHANGE-ME/);
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

  it('rejects a Deployment without a selector', () => {
    const broken = good();
    delete (broken as unknown as { spec: { selector?: unknown } }).spec.selector;
    expect(() => validate(broken)).toThrow(/selector/);
  });

  it('merges named lists by name, and refuses kinds it has no schema for', () => {
    const merged = merge(
      { containers: [{ name: 'a', image: 'x', env: [{ name: 'A', value: '1' }] }, { name: 'b' }] },
      { containers: [{ name: 'a', env: [{ name: 'B', value: '2' }] }] },
    );
    expect(merged).toEqual({
      containers: [
        {
          name: 'a',
          image: 'x',
          env: [
            { name: 'A', value: '1' },
            { name: 'B', value: '2' },
          ],
        },
        { name: 'b' },
      ],
    });
    expect(() => validate({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } })).toThrow(/no schema/);
  });
});

describe.each(BUILDS)('build of %s', (dir) => {
  const docs = builds[dir];
  const deployments = ofKind<IDeployment>(docs, 'Deployment');
  const name = (d: { metadata?: { name?: string } }): string => d.metadata?.name ?? '';

  it('every object is schema-valid and unique', () => {
    for (const doc of docs) validate(doc);
    const ids = docs.map((d) => `${d.kind}/${d.metadata.name}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has the gateway and the five services', () => {
    expect(deployments.map(name).sort()).toEqual(['gateway', ...SERVICES].sort());
  });

  it('puts every object in one namespace', () => {
    const [namespace] = ofKind<Manifest>(docs, 'Namespace');
    expect(namespace.metadata.name).toBe(OVERLAY_NAMESPACES[dir] ?? 'infra-analytics');
    for (const doc of docs.filter((d) => d.kind !== 'Namespace')) {
      expect(`${doc.kind}/${doc.metadata.name} in ${doc.metadata.namespace}`).toBe(
        `${doc.kind}/${doc.metadata.name} in ${namespace.metadata.name}`,
      );
    }
  });

  it.each(['gateway', ...SERVICES])('Deployment %s: probes, resources, hardening, env, image', (app) => {
    const deployment = deployments.find((d) => name(d) === app)!;
    const pod = deployment.spec!.template.spec!;
    const [container] = pod.containers;
    const port = PORTS[app];

    expect(pod.containers).toHaveLength(1);
    expect(container.name).toBe(app);
    expect(container.ports).toEqual([{ name: 'http', containerPort: port }]);
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'http' });

    // Pod: non-root with a numeric uid (kubelet cannot verify a named user).
    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
    expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
    const tmp = pod.volumes?.find((v) => v.name === 'tmp');
    expect(tmp?.emptyDir).toBeDefined();

    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      // requests and limits for cpu and memory, and requests never above limits
      for (const resource of ['cpu', 'memory']) {
        const request = c.resources?.requests?.[resource];
        const limit = c.resources?.limits?.[resource];
        expect({ container: c.name, resource, request, limit }).toEqual(
          expect.objectContaining({ request: expect.anything(), limit: expect.anything() }),
        );
        expect(quantity(request)).toBeLessThanOrEqual(quantity(limit));
      }
      expect(c.securityContext).toEqual(
        expect.objectContaining({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        }),
      );
      expect(c.volumeMounts).toEqual(expect.arrayContaining([{ name: 'tmp', mountPath: '/tmp' }]));
      // Image named after the process; overlays never run a moving `latest`.
      expect(c.image).toMatch(new RegExp(`^infra-analytics/${app}:[\\w.-]+$`));
      if (dir !== 'base') expect(c.image).not.toMatch(/:latest$/);

      // Env: shared ConfigMap + per-process values + only the secrets this process needs.
      expect(c.envFrom).toEqual([{ configMapRef: { name: 'infra-config' } }]);
      const env = Object.fromEntries((c.env ?? []).map((e) => [e.name, e]));
      expect(env.PORT?.value).toBe(String(port));
      if (app !== 'gateway') expect(env.DATABASE_NAME?.value).toBe(`infra_${app}`);
      const secrets = (c.env ?? []).filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.valueFrom!.secretKeyRef!);
      for (const ref of secrets) {
        expect(ref.name).toBe('infra-secrets');
        expect(secretKeys).toContain(ref.key);
      }
      const expected = ['DATABASE_PASSWORD', 'INTERNAL_CONTEXT_SECRET'];
      if (app === 'gateway' || app === 'identity') expected.push('JWT_SECRET');
      if (app === 'identity') expected.push('DATA_ENCRYPTION_KEY');
      expect(secrets.map((ref) => ref.key).sort()).toEqual(expected.sort());
    }

    // Services migrate their database first, with the same image; the gateway has no database.
    if (app === 'gateway') {
      expect(pod.initContainers ?? []).toEqual([]);
    } else {
      expect(pod.initContainers?.map((c) => [c.name, c.args, c.image])).toEqual([
        ['migrate', ['migrate'], container.image],
      ]);
    }
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
      expect(Object.keys(cm.data ?? {}).filter((key) => /PASSWORD|SECRET|TOKEN/.test(key))).toEqual([]);
    }
  });

  it('has an HPA for gateway and analytics, owning their replica count', () => {
    const hpas = ofKind<IHorizontalPodAutoscaler>(docs, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec?.scaleTargetRef.name).sort()).toEqual(['analytics', 'gateway']);
    for (const hpa of hpas) {
      const target = deployments.find((d) => name(d) === hpa.spec?.scaleTargetRef.name);
      expect(hpa.spec?.scaleTargetRef.kind).toBe('Deployment');
      expect(target?.spec?.replicas).toBeUndefined();
      expect(hpa.spec!.minReplicas!).toBeLessThanOrEqual(hpa.spec!.maxReplicas);
    }
  });

  it('has a PodDisruptionBudget selecting each Deployment', () => {
    const pdbs = ofKind<IPodDisruptionBudget>(docs, 'PodDisruptionBudget');
    for (const d of deployments) {
      const covering = pdbs.filter((p) => selects(p.spec?.selector?.matchLabels, d.spec?.template.metadata?.labels));
      expect({ deployment: name(d), pdbs: covering.length }).toEqual({ deployment: name(d), pdbs: 1 });
    }
    // and Deployment selectors match their own pod template
    for (const d of deployments)
      expect(selects(d.spec?.selector.matchLabels, d.spec?.template.metadata?.labels)).toBe(true);
  });

  it('every Service selects exactly one Deployment, on a port it exposes', () => {
    for (const service of ofKind<IService>(docs, 'Service')) {
      const targets = deployments.filter((d) => selects(service.spec?.selector, d.spec?.template.metadata?.labels));
      expect({ service: name(service), deployments: targets.map(name) }).toEqual({
        service: name(service),
        deployments: [name(service)],
      });
      const portNames = targets[0].spec!.template.spec!.containers.flatMap((c) => c.ports ?? []).map((p) => p.name);
      for (const port of service.spec?.ports ?? []) expect(portNames).toContain(port.targetPort);
    }
  });

  it('the Ingress routes to the gateway Service', () => {
    const [ingress, ...others] = ofKind<IIngress>(docs, 'Ingress');
    expect(others).toEqual([]);
    const services = ofKind<IService>(docs, 'Service');
    const backends = (ingress.spec?.rules ?? []).flatMap((r) => r.http?.paths ?? []).map((p) => p.backend.service);
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) {
      expect(backend?.name).toBe('gateway');
      const service = services.find((s) => name(s) === backend?.name);
      expect(service?.spec?.ports?.map((p) => p.name)).toContain(backend?.port?.name);
    }
    if (dir !== 'base') expect(ingress.spec?.rules?.every((r) => !!r.host)).toBe(true);
  });
});

describe('overlays', () => {
  const dev = builds['overlays/dev'];
  const uat = builds['overlays/uat'];
  const configValue = (docs: Manifest[], key: string): string | undefined =>
    ofKind<IConfigMap>(docs, 'ConfigMap').find((c) => c.metadata?.name === 'infra-config')?.data?.[key];
  const limit = (docs: Manifest[], app: string, resource: string): number =>
    quantity(
      ofKind<IDeployment>(docs, 'Deployment').find((d) => d.metadata?.name === app)!.spec!.template.spec!.containers[0]
        .resources!.limits![resource],
    );

  it('uat runs at least as many replicas as dev everywhere, and more overall', () => {
    const apps = ['gateway', ...SERVICES];
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

// The builder above mimics kustomize; when the real one is available, they must agree.
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
(kubectl.status === 0 ? describe : describe.skip)('agreement with kubectl kustomize', () => {
  const canonical = (docs: Manifest[]): unknown[] =>
    [...docs]
      .sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`))
      .map((d) => JSON.parse(JSON.stringify(d)));

  it.each(BUILDS)('%s', (dir) => {
    const result = spawnSync('kubectl', ['kustomize', path.join(K8S_DIR, dir)], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const real = parseAllDocuments(result.stdout).map((d) => d.toJS() as Manifest);
    expect(canonical(builds[dir])).toEqual(canonical(real));
  });
});
