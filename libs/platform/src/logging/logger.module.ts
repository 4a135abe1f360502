import { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { IncomingMessage } from 'node:http';
import { activeTraceIds } from '../tracing/trace-context';
import { currentRequestId } from './request-context';

/**
 * JSON logs (pino) with the request id on every line, including lines logged outside HTTP (Kafka, jobs).
 * The gateway writes the access log (every request, at info); behind it, services log their successful
 * requests at debug and failures at warn/error, so one request is not logged twice at info.
 */
export function platformLoggerModule(service: string, level: string): DynamicModule {
  const successLevel = service === 'gateway' ? 'info' : 'debug';
  return LoggerModule.forRoot({
    pinoHttp: [
      {
        level,
        base: { service },
        genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? currentRequestId() ?? '',
        // The trace's ids (when tracing is on) find the line's request in the traces, and back.
        mixin: () => {
          const requestId = currentRequestId();
          return { ...(requestId ? { requestId } : {}), ...activeTraceIds() };
        },
        autoLogging: { ignore: (req) => /^\/(health|metrics)/.test(req.url ?? '') },
        customLogLevel: (_req, res, error) => {
          if (error || res.statusCode >= 500) return 'error';
          if (res.statusCode >= 400) return 'warn';
          return successLevel;
        },
        redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-caller-context"]'],
        serializers: {
          req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: req.url, id: req.id }),
        },
      },
      // Asynchronous writes: lines logged while a write is in flight go out together (flushed on exit).
      pino.destination({ dest: 1, sync: false }),
    ],
  });
}
