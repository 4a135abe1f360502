// One trace across the hops no HTTP instrumentation sees: a span writes an event to the outbox, the relay sends it
// through Kafka, the inbox consumer applies it and queues a job, a worker runs the job. Recorded by the SDK's
// in-memory exporter, on the real PostgreSQL, Kafka and Redis.
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { Queue } from 'bullmq';
import { createRedis, tracer } from '@infra/platform';
import { pollUntil, testRedisModule, uniqueSuffix } from '@infra/platform/testing';
import { JobProcessor, JobQueue, jobQueueToken, JobsModule } from '@infra/jobs';
import { createHarness, type Harness } from './messaging-harness';

jest.setTimeout(60_000);

const REDIS_URL = process.env.JOBS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

interface TraceJobs {
  'count-widget': { eventId: string };
}

/** The job's own span id, as the worker saw it, per event. */
const jobSpans = new Map<string, string>();

@Injectable()
class CountWidgetJob extends JobProcessor<TraceJobs, 'count-widget'> {
  readonly name = 'count-widget';
  async process(payload: TraceJobs['count-widget']): Promise<void> {
    jobSpans.set(payload.eventId, trace.getActiveSpan()?.spanContext().spanId ?? '');
  }
}

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const queueName = `trace-test-${uniqueSuffix()}`;
let jobsApp: INestApplicationContext;
let harness: Harness;

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

beforeAll(async () => {
  provider.register();
  jobsApp = await Test.createTestingModule({
    imports: [
      testRedisModule(REDIS_URL),
      JobsModule.register<TraceJobs>({
        queue: queueName,
        processors: [CountWidgetJob],
        runtime: { workers: true, workerOnly: false },
      }),
    ],
  })
    .compile()
    .then((moduleRef) => moduleRef.init());
  const jobs = jobsApp.get<JobQueue<TraceJobs>>(jobQueueToken(queueName));
  harness = await createHarness({
    afterApplied: async (event) => {
      await jobs.add('count-widget', { eventId: event.eventId });
    },
  });
});

afterAll(async () => {
  await harness?.close();
  await jobsApp?.close();
  const connection = createRedis(REDIS_URL);
  const queue = new Queue(queueName, { connection });
  await queue.obliterate({ force: true }).finally(() => queue.close());
  await connection.quit();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

it('continues the writer’s trace through the outbox, Kafka, the consumer and the job it queues', async () => {
  const request = tracer.startSpan('POST /widgets', { kind: SpanKind.SERVER });
  const event = await context.with(trace.setSpan(context.active(), request), () => harness.createWidget('traced'));
  request.end();
  const jobSpanId = await pollUntil('the job ran', async () => jobSpans.get(event.eventId), { timeoutMs: 30_000 });
  const spans = await pollUntil('the job’s span ended', async () => {
    const finished = exporter.getFinishedSpans();
    return finished.some((span) => span.spanContext().spanId === jobSpanId) ? finished : undefined;
  });
  const inTrace = spans.filter((span) => span.spanContext().traceId === request.spanContext().traceId);
  const named = (name: string) => {
    const found = inTrace.filter((span) => span.name === name);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const write = named(`outbox write ${harness.topic}`);
  const send = named(`send ${harness.topic}`);
  const processed = named(`process ${harness.topic}`);
  const job = named('run count-widget');
  expect(parentOf(write)).toBe(request.spanContext().spanId);
  expect(parentOf(send)).toBe(write.spanContext().spanId);
  expect(send.kind).toBe(SpanKind.PRODUCER);
  expect(parentOf(processed)).toBe(send.spanContext().spanId);
  expect(processed.kind).toBe(SpanKind.CONSUMER);
  expect(processed.attributes).toMatchObject({
    'messaging.destination.name': harness.topic,
    'messaging.consumer.group.name': 'widget-projection',
    outcome: 'applied',
  });
  expect(parentOf(job)).toBe(processed.spanContext().spanId);
  expect(job.spanContext().spanId).toBe(jobSpanId);
  expect(job.attributes).toMatchObject({ 'messaging.destination.name': queueName, attempt: 1 });
});

it('starts a trace at the outbox write of an event written outside one, and follows it', async () => {
  const before = exporter.getFinishedSpans().length;
  const event = await harness.createWidget('untraced');
  await pollUntil('the job ran', async () => jobSpans.get(event.eventId), { timeoutMs: 30_000 });
  const spans = exporter.getFinishedSpans().slice(before);
  // The outbox write is a root of its own (nothing traced wrote it); what follows it continues that trace.
  const write = spans.find((span) => span.name === `outbox write ${harness.topic}`);
  expect(write && parentOf(write)).toBeUndefined();
  const traces = new Set(spans.map((span) => span.spanContext().traceId));
  expect(traces.size).toBe(1);
});
