import { INestApplication, Logger as NestLogger, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { Response as ExpressResponse } from 'express';
import { ConfigError, CommonEnv } from './config';
import { HealthRegistry } from './health';
import {
  answerClientErrorsInStandardBody,
  isLargeJsonBody,
  isSmallJsonBody,
  keepIdleConnectionsLonger,
  parseLargeJsonBodies,
  refuseDeepJson,
  refuseUnsafeText,
} from './http';
import { tenantScopeMiddleware } from './database';
import { requestIdMiddleware } from './logging';
import { httpMetricsMiddleware, setServiceLabel } from './metrics';
import { installProcessErrorHandlers } from './process-errors';
import { profileCpuOnSignal } from './profiling/cpu-profile-on-signal';
import { flushTraces } from './tracing/trace-context';

/** How every service validates request bodies and queries (its tests use the same: `bodyErrorsOf`). */
export const VALIDATION_PIPE_OPTIONS = { whitelist: true, forbidNonWhitelisted: true, transform: true } as const;

export interface BootstrapOptions {
  service: string;
  env: CommonEnv;
  /** Runs after the app is created and before it listens (e.g. connect the Kafka consumer). */
  beforeListen?: (app: NestExpressApplication) => Promise<void>;
  /** Body parsing: services parse JSON; the gateway streams bodies through untouched. */
  bodyParser?: boolean;
  bodyLimit?: string;
  /** Limit of text/csv bodies when a service takes files larger than JSON requests (default: bodyLimit). */
  textBodyLimit?: string;
  /** text/csv and text/plain bodies as the bytes sent (a Buffer): decoding would turn bytes that are not UTF-8 into U+FFFD. */
  textAsBytes?: boolean;
}

/** Creates, configures and starts a Nest HTTP process the same way for every service. */
export async function bootstrapApp(module: unknown, options: BootstrapOptions): Promise<NestExpressApplication> {
  setServiceLabel(options.service);
  const app = await NestFactory.create<NestExpressApplication>(module as never, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  watchProcessErrors();
  profileCpuOnSignal(options.service);
  app.disable('x-powered-by');
  // req.ip is the address TRUST_PROXY_HOPS proxies back (0: the socket's peer); X-Forwarded-For beyond that is ignored.
  app.set('trust proxy', options.env.TRUST_PROXY_HOPS);
  app.use(requestIdMiddleware);
  app.use(closeConnectionsWhileDraining(app.get(HealthRegistry, { strict: false })));
  app.use(tenantScopeMiddleware);
  app.use(httpMetricsMiddleware);
  if (options.bodyParser !== false) {
    const limit = options.bodyLimit ?? '1mb';
    // Small JSON bodies as body-parser parses them; large ones as bytes, then parsed a slice at a time.
    app.useBodyParser('json', { limit, verify: refuseDeepJson, type: isSmallJsonBody });
    app.useBodyParser('raw', { limit, type: isLargeJsonBody });
    app.use(parseLargeJsonBodies);
    app.useBodyParser('urlencoded', { limit, extended: false });
    app.useBodyParser(options.textAsBytes ? 'raw' : 'text', {
      limit: options.textBodyLimit ?? limit,
      type: ['text/csv', 'text/plain'],
    });
    app.use(refuseUnsafeText);
  }
  app.useGlobalPipes(new ValidationPipe(VALIDATION_PIPE_OPTIONS));
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(`${options.service} service`).setVersion('1.0').build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json', ui: false });
  await options.beforeListen?.(app);
  await app.listen(options.env.PORT, options.env.HOST);
  const server = app.getHttpServer() as Server;
  keepIdleConnectionsLonger(server);
  answerClientErrorsInStandardBody(server, options.service);
  new NestLogger('Bootstrap').log(`${options.service} listening on ${options.env.HOST}:${options.env.PORT}`);
  closeGracefullyOnSignals(app, options.service, options.env.SHUTDOWN_DRAIN_MS);
  return app;
}

let watchingProcessErrors = false;

/** Once per process: unhandled rejections are logged and survived, uncaught exceptions logged before exit(1). */
function watchProcessErrors(): void {
  if (watchingProcessErrors) return;
  watchingProcessErrors = true;
  installProcessErrorHandlers();
}

const SHUTDOWN_DEADLINE_MS = 15_000;

/** While draining, every answer closes its connection: a caller's keep-alive pool does not reuse it afterwards. */
function closeConnectionsWhileDraining(health: HealthRegistry) {
  return (_req: unknown, res: ExpressResponse, next: () => void) => {
    if (health.isDraining) res.setHeader('Connection', 'close');
    next();
  };
}

/**
 * SIGTERM/SIGINT: say not-ready and keep serving for `drainMs` (each answer then closes its connection, so the
 * callers' pools let go of this process), then stop accepting requests, let in-flight ones finish, run the shutdown
 * hooks (relay, Kafka consumer, pools), and exit 0. A hard deadline keeps a stuck dependency from blocking a rollout.
 */
function closeGracefullyOnSignals(app: INestApplication, service: string, drainMs: number): void {
  const logger = new NestLogger('Shutdown');
  const health = app.get(HealthRegistry, { strict: false });
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${service} received ${signal}; ${drainMs > 0 ? `draining for ${drainMs} ms, then ` : ''}shutting down`);
    setTimeout(() => {
      logger.error(`${service} did not stop within ${SHUTDOWN_DEADLINE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    health.drain();
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => app.close())
      // The last spans (the shutdown's) go out before the process does.
      .then(() => flushTraces().catch(() => undefined))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

/** Entry-point wrapper: a bad configuration or a failed start stops the process with a clear message. */
export function runMain(main: () => Promise<INestApplication | void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  });
}
