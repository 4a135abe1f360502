import {
  context,
  propagation,
  ProxyTracerProvider,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

/**
 * Trace context across the hops HTTP instrumentation does not see: outbox rows, Kafka headers and BullMQ jobs carry
 * the W3C `traceparent` (and `tracestate`) of the span that wrote them, and the reader continues the trace from it.
 * Only the OpenTelemetry API here: with tracing off (`start-tracing.ts` not run) every call is a cheap no-op.
 */

/** The tracer of the product's own spans (outbox, Kafka, jobs, the gateway's proxy). */
export const tracer = trace.getTracer('infra');

/** The W3C trace headers of the active span (empty when there is none or tracing is off). */
export function traceHeaders(active: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  return carrier;
}

/** The context a carrier of trace headers names (the active one when it names none). */
export function contextFromHeaders(carrier: Record<string, unknown> | undefined): Context {
  if (!carrier) return context.active();
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries(carrier)) {
    if (typeof value === 'string') text[key] = value;
    else if (Buffer.isBuffer(value)) text[key] = value.toString();
  }
  return propagation.extract(context.active(), text);
}

/**
 * Runs `work` in a new span, child of `parent` (default: the active context): the span ends when the work settles
 * and records the error of a work that throws.
 */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    options.parent ?? context.active(),
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Marks a span failed with the error's message. */
export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** `trace_id` and `span_id` of the active span, for log lines (none when tracing is off). */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Sends the spans still buffered (on shutdown), if tracing is on. */
export async function flushTraces(): Promise<void> {
  const provider = trace.getTracerProvider();
  const delegate = provider instanceof ProxyTracerProvider ? provider.getDelegate() : provider;
  const flushing = (delegate as { shutdown?: () => Promise<void> }).shutdown;
  if (flushing) await flushing.call(delegate);
}

export { SpanKind };
