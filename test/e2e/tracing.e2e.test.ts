// One tag import followed through every process as the product's OpenTelemetry exporters sent it to the run's
// collector (deploy/scripts/lib/trace-collector.mjs): the caller's traceparent → gateway → tagging → the import job
// → the outbox → Kafka → inventory's and analytics' consumers. Skipped without a collector (E2E_TRACE_COLLECTOR).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TOPICS, type ImportValidationDto, type TagImportDto } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import {
  callAs,
  importEnded,
  organizationSession,
  uploadTagFile,
  type OrganizationSession,
} from './support/api-client';

jest.setTimeout(120_000);

const COLLECTOR = process.env.E2E_TRACE_COLLECTOR;
const RESULTS = path.resolve(__dirname, '../../.cache/test-results');

/** A span as the collector keeps it (OTLP kinds: 1 internal, 2 server, 3 client, 4 producer, 5 consumer). */
interface CollectedSpan {
  service: string;
  name: string;
  kind: number;
  spanId: string;
  parentSpanId?: string;
  startMs: number;
  endMs: number;
  status: number;
  attributes: Record<string, unknown>;
}
const KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

const traceOf = async (traceId: string) =>
  (await (await fetch(`${COLLECTOR}/traces/${traceId}`)).json()) as CollectedSpan[];

/** The trace as an indented tree, each span with its service and duration (the note quotes one). */
function drawTree(spans: CollectedSpan[], rootParent: string): string {
  const children = new Map<string | undefined, CollectedSpan[]>();
  for (const span of spans) children.set(span.parentSpanId, [...(children.get(span.parentSpanId) ?? []), span]);
  const lines: string[] = [];
  const start = Math.min(...spans.map((span) => span.startMs));
  const draw = (parent: string | undefined, depth: number) => {
    for (const span of (children.get(parent) ?? []).sort((a, b) => a.startMs - b.startMs)) {
      const at = (span.startMs - start).toFixed(1).padStart(8);
      const took = (span.endMs - span.startMs).toFixed(1).padStart(8);
      lines.push(`${at} ms ${took} ms  ${'  '.repeat(depth)}${span.service}: ${span.name}`);
      draw(span.spanId, depth + 1);
    }
  };
  draw(rootParent, 0);
  return lines.join('\n');
}

(COLLECTOR ? describe : describe.skip)('a trace across the product', () => {
  const run = randomUUID().slice(0, 8);
  let admin: OrganizationSession;
  const externalIds = [`trace-${run}-a`, `trace-${run}-b`];

  beforeAll(async () => {
    admin = await organizationSession('admin');
    const assets = await callAs(admin)('PUT', 'assets', {
      assets: externalIds.map((externalId) => ({ externalId, name: externalId, site: 'us-east-1a' })),
    });
    expect(assets.status).toBe(200);
  });

  it('follows a tag import from the caller through the gateway, tagging, its job, Kafka and both consumers', async () => {
    const fileName = `trace-${run}.csv`;
    const content = `key,value,description,assets\ntrace-${run},on,,${externalIds.join('|')}\n`;
    expect(await uploadTagFile(admin, fileName, content)).toBe(200);
    // The assets reach tagging through inventory's events: the file is valid once they have.
    await pollUntil('tagging knows the assets', async () => {
      const answer = await callAs(admin)<ImportValidationDto>('GET', `tags/validate/import?fileName=${fileName}`);
      return answer.body.valid;
    });

    // The caller's own trace: every span of the import belongs to it.
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const submitted = await callAs(admin, { traceparent: `00-${traceId}-${callerSpanId}-01` })<TagImportDto>(
      'POST',
      `tags/import?fileName=${fileName}`,
    );
    expect([200, 202]).toContain(submitted.status);
    expect((await importEnded(admin, submitted.body.id)).status).toBe('completed');

    const assigned = TOPICS.taggingTagsAssigned;
    const consumedBy = (spans: CollectedSpan[], service: string) =>
      spans.find((span) => span.service === service && span.name === `process ${assigned}`);
    // Each process exports in batches of its own (every second here): the trace is complete once every hop's span
    // arrived.
    const hops = [
      (s: CollectedSpan) => s.service === 'gateway' && s.kind === KIND.server,
      (s: CollectedSpan) => s.service === 'tagging' && s.kind === KIND.server,
      (s: CollectedSpan) => s.service === 'tagging' && s.name === 'run run-tag-import',
      (s: CollectedSpan) => s.service === 'tagging' && s.name === `send ${assigned}`,
      (s: CollectedSpan) => s.service === 'inventory' && s.name === `process ${assigned}`,
      (s: CollectedSpan) => s.service === 'analytics' && s.name === `process ${assigned}`,
    ];
    let received: CollectedSpan[] = [];
    const spans = await pollUntil(
      'every hop’s span reaches the collector',
      async () => {
        received = await traceOf(traceId);
        return hops.every((hop) => received.some(hop)) ? received : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    ).catch((error: Error) => {
      const names = received.map((span) => `${span.service}: ${span.name}`);
      throw new Error(`${error.message}; the trace holds ${JSON.stringify(names)}`);
    });
    // Kept for a look (the runbook's "traces" section shows one).
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(
      path.join(RESULTS, 'trace-of-a-tag-import.txt'),
      `trace ${traceId}, ${spans.length} spans\n${drawTree(spans, callerSpanId)}\n`,
    );
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentOf = (span: CollectedSpan) => (span.parentSpanId ? byId.get(span.parentSpanId) : undefined);
    const ancestors = (span: CollectedSpan) => {
      const chain: CollectedSpan[] = [];
      for (let at = parentOf(span); at; at = parentOf(at)) chain.push(at);
      return chain;
    };
    const one = (what: string, test: (span: CollectedSpan) => boolean) => {
      const found = spans.filter(test);
      expect({ what, found: found.length }).toEqual({ what, found: 1 });
      return found[0]!;
    };

    const gateway = one('the gateway’s server span', (s) => s.service === 'gateway' && s.kind === KIND.server);
    expect(gateway.parentSpanId).toBe(callerSpanId);
    expect(gateway.name).toMatch(/^POST /);
    const forward = one('the gateway’s call to tagging', (s) => s.service === 'gateway' && s.kind === KIND.client);
    expect([forward.name, parentOf(forward)]).toEqual(['POST tagging', gateway]);
    const tagging = one('tagging’s server span', (s) => s.service === 'tagging' && s.kind === KIND.server);
    expect(parentOf(tagging)).toBe(forward);
    expect(tagging.attributes['http.route']).toBeDefined();
    // Its statements and Redis commands under it, without the values they carry (tenants' data).
    const storage = spans.filter((s) => ['postgresql', 'redis'].includes(String(s.attributes['db.system.name'])));
    expect(
      new Set(storage.filter((s) => ancestors(s).includes(tagging)).map((s) => s.attributes['db.system.name'])),
    ).toEqual(new Set(['postgresql', 'redis']));
    const texts = storage.map((s) => String(s.attributes['db.query.text'] ?? '')).join('\n');
    expect(texts).not.toContain(admin.organizationId);
    expect(texts).not.toContain(`trace-${run}`);
    const job = one('the import job', (s) => s.service === 'tagging' && s.name === 'run run-tag-import');
    expect(job.kind).toBe(KIND.consumer);
    expect(ancestors(job)).toContain(tagging);
    const sends = spans.filter((s) => s.service === 'tagging' && s.name === `send ${assigned}`);
    expect(sends.length).toBeGreaterThan(0);
    for (const send of sends) {
      expect(send.kind).toBe(KIND.producer);
      expect(ancestors(send)).toContain(job);
    }
    for (const service of ['inventory', 'analytics']) {
      const consumed = consumedBy(spans, service)!;
      expect(consumed.kind).toBe(KIND.consumer);
      expect(sends).toContain(parentOf(consumed));
      expect(consumed.attributes).toMatchObject({ 'messaging.destination.name': assigned, outcome: 'applied' });
    }
    // No span failed on the way.
    expect(spans.filter((span) => span.status === 2).map((span) => `${span.service}: ${span.name}`)).toEqual([]);
  });
});
