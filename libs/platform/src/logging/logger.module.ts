import { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { IncomingMessage } from 'node:http';
import { currentRequestId } from './request-context';

/** JSON logs (pino) with the request id on every line, including lines logged outside HTTP (Kafka, jobs). */
export function platformLoggerModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: [
      {
        level,
        base: { service },
        genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? currentRequestId() ?? '',
        mixin: () => {
          const requestId = currentRequestId();
          return requestId ? { requestId } : {};
        },
        autoLogging: { ignore: (req) => /^\/(health|metrics)/.test(req.url ?? '') },
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
