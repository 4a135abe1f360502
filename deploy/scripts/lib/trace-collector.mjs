// A trace collector for the tests: it takes OTLP/HTTP JSON (what the product's exporter sends to
// OTEL_EXPORTER_OTLP_ENDPOINT) and answers a trace's spans at GET /traces/<traceId>. `npm test` and the product copy
// run one beside the product, so the end-to-end suite can follow one request through every process. A process of its
// own (`node trace-collector.mjs <port>`): parsing the exports must not hold the loop of the process that runs the
// tests' balancer. Memory is bounded: the oldest traces go first beyond MAX_SPANS.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { log } from './proc.mjs';

const MAX_SPANS = 200_000;

/**
 * How the product's processes export to it: every second (the SDK's default is 5 s), and a queue deep enough that a
 * 5,000-row import's spans are not dropped (its default keeps 2,048).
 */
export const TRACE_EXPORT = { OTEL_BSP_SCHEDULE_DELAY: '1000', OTEL_BSP_MAX_QUEUE_SIZE: '100000' };
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** OTLP/JSON attribute values ({ stringValue }, { intValue }, …) as plain values. */
function plainValue(value) {
  if (!value) return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(plainValue);
  return undefined;
}

/** OTLP/JSON times (a string or a number of nanoseconds) in milliseconds, to the microsecond. */
const nanosToMs = (nanos) => Number(BigInt(String(nanos)) / 1000n) / 1000;

const attributesOf = (list = []) => Object.fromEntries(list.map(({ key, value }) => [key, plainValue(value)]));

/** The spans of one OTLP export request, flattened: service, name, kind, ids, times (ms) and attributes. */
export function spansOfExport(body) {
  const spans = [];
  for (const resourceSpans of body.resourceSpans ?? []) {
    const service = attributesOf(resourceSpans.resource?.attributes)['service.name'];
    for (const scopeSpans of resourceSpans.scopeSpans ?? [])
      for (const span of scopeSpans.spans ?? [])
        spans.push({
          service,
          name: span.name,
          kind: span.kind,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || undefined,
          startMs: nanosToMs(span.startTimeUnixNano),
          endMs: nanosToMs(span.endTimeUnixNano),
          status: span.status?.code ?? 0,
          attributes: attributesOf(span.attributes),
        });
  }
  return spans;
}

/** Serves the collector on `port` in this process. */
async function serveTraces(port) {
  const traces = new Map();
  let count = 0;
  const keep = (span) => {
    const trace = traces.get(span.traceId);
    if (trace) trace.push(span);
    else traces.set(span.traceId, [span]);
    count += 1;
    // Maps iterate in insertion order: the first trace is the oldest.
    for (const [traceId, spans] of traces) {
      if (count <= MAX_SPANS) break;
      traces.delete(traceId);
      count -= spans.length;
    }
  };
  const server = http.createServer((req, res) => {
    const answer = (status, value) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const traceMatch = /^\/traces\/([0-9a-f]{32})$/.exec(req.url ?? '');
    if (req.method === 'GET' && traceMatch) return answer(200, traces.get(traceMatch[1]) ?? []);
    if (req.method !== 'POST' || req.url !== '/v1/traces') return answer(404, {});
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        const raw = Buffer.concat(chunks);
        const text = req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
        for (const span of spansOfExport(JSON.parse(text.toString()))) keep(span);
        answer(200, {});
      } catch (error) {
        answer(400, { error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
}

/** Starts the collector on `port` as a child process, once it listens; `stop()` ends it. */
export async function startTraceCollector(port) {
  const url = `http://127.0.0.1:${port}`;
  // An IPC channel ends with this process, however it ends: the collector then exits too (no orphan holding the port).
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let tries = 0; ; tries += 1) {
    const listening = await fetch(`${url}/traces/${'0'.repeat(32)}`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (listening) break;
    if (child.exitCode !== null || tries > 100) throw new Error(`the trace collector did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log(`trace collector on ${url} (OTLP/HTTP JSON)`);
  return {
    url,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.on('disconnect', () => process.exit(0));
  await serveTraces(Number(process.argv[2]));
}
