import { INestApplication, Logger as NestLogger, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { ConfigError, CommonEnv } from './config';
import { requestIdMiddleware } from './logging';
import { httpMetricsMiddleware, setServiceLabel } from './metrics';

export interface BootstrapOptions {
  service: string;
  env: CommonEnv;
  /** Runs after the app is created and before it listens (e.g. connect the Kafka consumer). */
  beforeListen?: (app: NestExpressApplication) => Promise<void>;
  /** Body parsing: services parse JSON; the gateway streams bodies through untouched. */
  bodyParser?: boolean;
  bodyLimit?: string;
}

/** Creates, configures and starts a Nest HTTP process the same way for every service. */
export async function bootstrapApp(module: unknown, options: BootstrapOptions): Promise<NestExpressApplication> {
  setServiceLabel(options.service);
  const app = await NestFactory.create<NestExpressApplication>(module as never, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  app.use(httpMetricsMiddleware);
  if (options.bodyParser !== false) {
    app.useBodyParser('json', { limit: options.bodyLimit ?? '1mb' });
    app.useBodyParser('urlencoded', { limit: options.bodyLimit ?? '1mb', extended: false });
    app.useBodyParser('text', { limit: options.bodyLimit ?? '1mb', type: ['text/csv', 'text/plain'] });
  }
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  app.enableShutdownHooks();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(`${options.service} service`).setVersion('1.0').build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json', ui: false });
  await options.beforeListen?.(app);
  await app.listen(options.env.PORT, process.env.HOST ?? '0.0.0.0');
  new NestLogger('Bootstrap').log(`${options.service} listening on port ${options.env.PORT}`);
  return app;
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
