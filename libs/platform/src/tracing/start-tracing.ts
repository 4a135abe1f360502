import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, hostDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** Probes and metrics scrapes are not traced: they would drown the requests. */
const UNTRACED_PATH = /^\/(health|metrics)(\/|$|\?)/;

/**
 * Turns tracing on for this process when an OTLP endpoint is configured: a tracer provider exporting in batches,
 * W3C trace context, and the instrumentations of incoming HTTP, PostgreSQL and Redis. Must run before `pg`,
 * `ioredis` and `http` servers are loaded: each entry point imports its `tracing.ts` first. Without an endpoint it
 * does nothing, so no span is made nor sent. Sampling follows `OTEL_TRACES_SAMPLER` (the SDK's default: every
 * trace, or its caller's decision).
 */
export function startTracing(
  service: string,
  {
    /** Only requests to these paths (the gateway: the API, not the web app's files). */
    tracedPath = /./,
  }: { tracedPath?: RegExp } = {},
): NodeTracerProvider | undefined {
  // Where spans go: OTLP over HTTP when an endpoint is configured (k8s points it at a collector), nowhere otherwise.
  const { env } = process;
  if (!env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT && !env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const provider = new NodeTracerProvider({
    // The host (a pod's name) tells replicas apart; OTEL_RESOURCE_ATTRIBUTES adds the deployment's own.
    resource: detectResources({ detectors: [envDetector, hostDetector] }).merge(
      resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || service }),
    ),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: ({ url = '' }) => UNTRACED_PATH.test(url) || !tracedPath.test(url),
        // Only the calls made while serving or working: not the exporter's own, nor a client's connection checks.
        requireParentforOutgoingSpans: true,
      }),
      // Statements and commands of traced work only: a relay's or worker's idle polling starts no trace. Statements
      // as written, with their $n placeholders, never the values bound to them (they hold tenants' data).
      new PgInstrumentation({ requireParentSpan: true }),
      // The command's name only: its arguments hold job data (tenants' ids and payloads).
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  return provider;
}
