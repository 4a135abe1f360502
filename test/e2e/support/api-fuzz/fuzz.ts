// The spec-driven fuzzer: for every operation of the gateway's route table and every caller, requests generated
// with fast-check from the owning service's OpenAPI document (fitting values, then mutated), sent through the
// gateway with bounded concurrency. Collects every 5xx, every error answer not in the standard error body, every
// request left unanswered, and the count of requests per route; /health/live is sampled meanwhile.
import fc from 'fast-check';
import { HealthSampler, type HealthFigures } from './health';
import { loadOperations, GATEWAY_PORT, SERVICE_PORTS, type FuzzOperation } from './openapi';
import type { Caller, CallerRole, FuzzWorld } from './fixtures';
import { fitting, fittingQueryValue, hostileQueryValue, hostileValue, mutated, pathSegment, type Json } from './values';

export interface FuzzOptions {
  baseUrl: string;
  portOffset: number;
  seed: number;
  /** Requests per operation for each caller the gateway admits to it. */
  runs: number;
  /** Requests per operation for each caller the gateway refuses (the refusal must be a standard 4xx too). */
  refusedRuns: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Per-request deadline: a request unanswered by then is a finding. */
  timeoutMs?: number;
  /** Told of each finding as it happens (a long run cut short still tells what it found). */
  onFinding?: (finding: Finding) => void;
}

interface FuzzRequest {
  key: string;
  role: CallerRole;
  method: string;
  /** Below /api/v1, with the query string, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface Finding {
  kind: '5xx' | 'non-standard error body' | 'no answer';
  key: string;
  role: CallerRole;
  status?: number;
  request: string;
  response: string;
}

export interface RouteFigures {
  requests: number;
  statuses: Record<number, number>;
  fiveXx: number;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  fiveXx: number;
  seconds: number;
  byRoute: Record<string, RouteFigures>;
  findings: Finding[];
  health: HealthFigures[];
}

const RANK: Record<string, number> = { User: 1, Admin: 2, 'System Admin': 3 };
const ROLE_RANK: Partial<Record<CallerRole, number>> = { User: 1, Admin: 2, 'API key': 2, 'System Admin': 3 };

/**
 * Routes about the caller themself (their terms, custom data, MFA, invitations, profile): the demo System Admin,
 * whose sign-in later tests share, is kept off them. The fuzzer's own Admin and User take them.
 */
const SELF_ROUTES = new Set([
  'POST users/accept-terms',
  'POST users/saveUserCustomData',
  'GET users/enroll-mfa',
  'POST users/verify-mfa',
  'POST users/disable-mfa',
  'POST users/invitations/accept',
  'POST users/invitations/:id/accept',
  'POST users/invitations/:id/decline',
]);

/**
 * Whether `caller` is sent `operation` at all. A sync of the AWS integration would reach out to AWS (no network
 * but loopback here): it is only sent to callers the gateway refuses.
 */
function sends(operation: FuzzOperation, caller: Caller, admitted: boolean): boolean {
  if (caller.role === 'System Admin' && SELF_ROUTES.has(operation.key)) return false;
  if (operation.key === 'POST integrations/aws/sync' && admitted) return false;
  return true;
}

/** Whether the gateway lets the caller through to the service (so the request is worth many runs). */
function admits(operation: FuzzOperation, caller: Caller): boolean {
  if (operation.access === 'public') return caller.role === 'anonymous';
  if (caller.role === 'anonymous') return false;
  if (caller.role === 'API key' && operation.access !== 'organization') return false;
  return !operation.minRole || (ROLE_RANK[caller.role] ?? 0) >= RANK[operation.minRole];
}

/** Ids of the fuzzer's own entities a path parameter may name (the rest of the time it is random or malformed). */
function ownIdsFor(operation: FuzzOperation, parameter: string, ids: Record<string, string>): string[] {
  const pick = (...names: string[]) => names.map((name) => ids[name]).filter((id): id is string => Boolean(id));
  const path = operation.path;
  if (parameter === 'slug') return pick('accountSlug');
  if (parameter === 'userId') return pick('member', 'admin');
  if (parameter === 'keyId') return pick('apiKey');
  if (parameter === 'fileName') return [...pick('importFile'), 'fuzz.csv', 'fuzz.txt'];
  const byPrefix: [string, string[]][] = [
    ['accounts/', ['account']],
    ['assets/', ['asset', 'otherAsset']],
    ['business-events/target/', ['collection', 'asset', 'tag']],
    ['business-events/', ['event']],
    ['collections/', ['collection']],
    ['organizations/', ['tenantOrganization', 'organization']],
    ['rules/', ['rule']],
    ['tags/import/', []],
    ['tags/', ['tag', 'editedTag']],
    ['views/', ['view']],
    ['users/invitations/', []],
    // users/details/:id and users/:id: the fuzzer's own users, never the demo System Admin
    ['users/', ['member', 'admin']],
  ];
  const found = byPrefix.find(([prefix]) => path.startsWith(prefix));
  return found ? pick(...found[1]) : [];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bodies that are not JSON at all, or JSON a parser may choke on. */
const RAW_BODIES: readonly (string | Uint8Array)[] = [
  '{',
  '{"a":',
  '[]]',
  'null',
  '"just a string"',
  '12',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":"\\ud800"}`,
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // {"a":"<CESU surrogate>"}
  new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
];

/** What a JSON body may be: fitting (schema or the fixture's known-good example), mutated, hostile, or raw. */
function bodyArbitrary(operation: FuzzOperation, example: unknown, ids: readonly string[]) {
  const bases: fc.Arbitrary<Json>[] = [];
  if (operation.body) bases.push(fitting(operation.body, ids));
  if (example !== undefined) bases.push(fc.constant(example as Json));
  const base = bases.length > 0 ? fc.oneof(...bases) : fc.constant<Json>({});
  return fc.oneof(
    { weight: 2, arbitrary: base.map((value) => ({ json: value })) },
    { weight: 7, arbitrary: mutated(base).map((value) => ({ json: value })) },
    { weight: 1, arbitrary: hostileValue.map((value) => ({ json: value })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
  );
}

function requestArbitrary(
  operation: FuzzOperation,
  caller: Caller,
  world: FuzzWorld,
  bodyIds: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const example = world.examples.get(operation.key);
  const [examplePath, exampleQuery] = (example?.path ?? '').split('?');
  const segments = fc.tuple(
    ...operation.pathParams.map((parameter) => pathSegment(ownIdsFor(operation, parameter, world.ids))),
  );
  const pathArbitrary = fc.oneof(
    {
      weight: 3,
      arbitrary: segments.map((values) => {
        let index = 0;
        return operation.path.replace(/:\w+/g, () => values[index++]);
      }),
    },
    // The fixture's request addresses a real entity of the fuzzer's (its own ids, in the right places).
    { weight: example ? 2 : 0, arbitrary: fc.constant(examplePath) },
  );
  // Fitting values (a required parameter now and then missing), then at most one parameter made hostile.
  const fittingQuery = fc.tuple(
    ...operation.query.map((parameter) =>
      fc.option(fittingQueryValue(parameter.schema, parameter.name, bodyIds), {
        nil: undefined,
        freq: parameter.required ? 20 : 2,
      }),
    ),
  );
  const hostileQuery =
    operation.query.length > 0
      ? fc.option(
          fc.oneof(
            ...operation.query.map((parameter, index) =>
              hostileQueryValue(parameter.schema, parameter.name, bodyIds).map((values) => ({ index, values })),
            ),
          ),
          { nil: undefined, freq: 2 },
        )
      : fc.constant(undefined);
  const queryArbitrary = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fittingQuery, hostileQuery)
        .map(([values, hostile]) =>
          operation.query.flatMap((parameter, index) =>
            ((hostile?.index === index ? hostile.values : values[index]) ?? []).map(
              (value) => `${encodeURIComponent(parameter.name)}=${value}`,
            ),
          ),
        ),
    },
    { weight: exampleQuery ? 2 : 0, arbitrary: fc.constant(exampleQuery ? exampleQuery.split('&') : []) },
  );
  const extraQuery = fc.option(fc.constantFrom('fuzzExtra=1', 'a[b]=c', 'a[]=1&a[]=2', '__proto__[x]=1', '=', '&&'), {
    freq: 8,
    nil: undefined,
  });
  const hasBody = !['GET', 'DELETE'].includes(operation.method);
  const organizationHeader = fc.oneof(
    { weight: 9, arbitrary: fc.constant(caller.organizationId) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        '',
        'not-a-uuid',
        '00000000-0000-4000-8000-000000000042',
        'x'.repeat(4096),
      ),
    },
  );
  return fc
    .record({
      path: pathArbitrary,
      query: queryArbitrary,
      extra: extraQuery,
      body: hasBody ? bodyArbitrary(operation, example?.body, bodyIds) : fc.constant(undefined),
      organizationId: caller.organizationId ? organizationHeader : fc.constant(undefined),
    })
    .map(({ path, query, extra, body, organizationId }) => {
      const parts = [...query, ...(extra ? [extra] : [])];
      const headers: Record<string, string> = {};
      if (caller.token) headers.authorization = `Bearer ${caller.token}`;
      if (operation.access === 'organization' && organizationId !== undefined) headers.organizationid = organizationId;
      let payload: string | Uint8Array | undefined;
      if (body) {
        headers['content-type'] = 'application/json';
        payload = 'raw' in body ? body.raw : JSON.stringify(body.json);
      }
      return {
        key: operation.key,
        role: caller.role,
        method: operation.method,
        url: `${path}${parts.length > 0 ? `?${parts.join('&')}` : ''}`,
        headers,
        body: payload,
      };
    });
}

/** A deterministic 32-bit seed per operation and caller, so adding a route does not reshuffle the others. */
function seedOf(seed: number, text: string): number {
  let hash = seed | 0;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

const preview = (value: string | Uint8Array | undefined, length = 300): string => {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : `<bytes ${Buffer.from(value).toString('hex')}>`;
  return text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
};

/** The standard error body: exactly `{ statusCode, message, errorId, code }`, statusCode the answer's status. */
export function isStandardErrorBody(status: number, text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  return (
    Object.keys(record).sort().join(',') === 'code,errorId,message,statusCode' &&
    record.statusCode === status &&
    typeof record.message === 'string' &&
    typeof record.errorId === 'string' &&
    record.errorId.length > 0 &&
    typeof record.code === 'string' &&
    record.code.length > 0
  );
}

/**
 * The order requests are sent in: everything but deletions, then deletions (they remove entities the other
 * requests address), the fuzzer's own account's archiving last of all.
 */
function phaseOf(operation: FuzzOperation): number {
  if (operation.key === 'DELETE accounts/:id') return 2;
  return operation.method === 'DELETE' ? 1 : 0;
}

export async function runFuzz(world: FuzzWorld, options: FuzzOptions): Promise<FuzzReport> {
  const operations = await loadOperations(options.baseUrl, options.portOffset);
  const bodyIds = Object.entries(world.ids)
    .filter(([name, id]) => name !== 'sysadmin' && UUID.test(id))
    .map(([, id]) => id);
  const phases: FuzzRequest[][] = [[], [], []];
  for (const operation of operations)
    for (const caller of world.callers) {
      const admitted = admits(operation, caller);
      if (!sends(operation, caller, admitted)) continue;
      const numRuns = admitted ? options.runs : options.refusedRuns;
      if (numRuns <= 0) continue;
      const requests = fc.sample(requestArbitrary(operation, caller, world, bodyIds), {
        seed: seedOf(options.seed, `${operation.key} ${caller.role}`),
        numRuns,
      });
      phases[phaseOf(operation)].push(...requests);
    }

  const byRoute: Record<string, RouteFigures> = {};
  for (const operation of operations) byRoute[operation.key] = { requests: 0, statuses: {}, fiveXx: 0 };
  const findings: Finding[] = [];
  const health = new HealthSampler({
    gateway: `http://127.0.0.1:${GATEWAY_PORT + options.portOffset}`,
    ...Object.fromEntries(
      Object.entries(SERVICE_PORTS).map(([service, port]) => [
        service,
        `http://127.0.0.1:${port + options.portOffset}`,
      ]),
    ),
  });
  let healthFigures: HealthFigures[] = [];
  const begin = Date.now();
  health.start();
  try {
    for (const phase of phases) {
      let next = 0;
      const worker = async () => {
        while (next < phase.length) await send(phase[next++]);
      };
      await Promise.all(Array.from({ length: options.concurrency }, worker));
    }
  } finally {
    healthFigures = await health.stop();
  }

  function record(finding: Finding): void {
    findings.push(finding);
    options.onFinding?.(finding);
  }

  async function send(request: FuzzRequest): Promise<void> {
    const figures = byRoute[request.key];
    figures.requests++;
    const described = `${request.role}: ${request.method} /api/v1/${preview(request.url, 200)} ${preview(request.body)}`;
    try {
      const response = await fetch(`${options.baseUrl}/api/v1/${request.url}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      const text = await response.text();
      figures.statuses[response.status] = (figures.statuses[response.status] ?? 0) + 1;
      if (response.status >= 500) {
        figures.fiveXx++;
        record({
          kind: '5xx',
          key: request.key,
          role: request.role,
          status: response.status,
          request: described,
          response: preview(text),
        });
      } else if (response.status >= 400 && !isStandardErrorBody(response.status, text)) {
        record({
          kind: 'non-standard error body',
          key: request.key,
          role: request.role,
          status: response.status,
          request: described,
          response: preview(text),
        });
      }
    } catch (error) {
      record({
        kind: 'no answer',
        key: request.key,
        role: request.role,
        request: described,
        response: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return {
    seed: options.seed,
    requests: Object.values(byRoute).reduce((sum, figures) => sum + figures.requests, 0),
    fiveXx: Object.values(byRoute).reduce((sum, figures) => sum + figures.fiveXx, 0),
    seconds: (Date.now() - begin) / 1000,
    byRoute,
    findings,
    health: healthFigures,
  };
}

/** The report as text: requests and 5xx per route, findings grouped by route, /health/live figures. */
export function formatReport(report: FuzzReport): string {
  const lines = [
    `api fuzz: seed ${report.seed}, ${report.requests} requests in ${report.seconds.toFixed(1)} s, ${report.fiveXx} answered 5xx`,
    '',
    'requests per route (status: count):',
  ];
  for (const [key, figures] of Object.entries(report.byRoute).sort(([a], [b]) => a.localeCompare(b))) {
    const statuses = Object.entries(figures.statuses)
      .map(([status, count]) => `${status}:${count}`)
      .join(' ');
    lines.push(`  ${key.padEnd(48)} ${String(figures.requests).padStart(5)}  5xx=${figures.fiveXx}  ${statuses}`);
  }
  lines.push('', '/health/live while fuzzing (ms):');
  for (const figures of report.health)
    lines.push(
      `  ${figures.target.padEnd(10)} n=${figures.samples} failures=${figures.failures} p50=${figures.p50.toFixed(1)} p99=${figures.p99.toFixed(1)} max=${figures.max.toFixed(1)} over100ms=${figures.over100ms}`,
    );
  const grouped = new Map<string, Finding[]>();
  for (const finding of report.findings) {
    const group = `${finding.kind} ${finding.status ?? ''} ${finding.key}`;
    grouped.set(group, [...(grouped.get(group) ?? []), finding]);
  }
  if (grouped.size > 0) lines.push('', 'findings (first examples of each):');
  for (const [group, findings] of grouped) {
    lines.push(`  ${group} ×${findings.length}`);
    for (const finding of findings.slice(0, 3)) lines.push(`    ${finding.request}`, `      -> ${finding.response}`);
  }
  return lines.join('\n');
}
