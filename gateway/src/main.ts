import './tracing';
import 'reflect-metadata';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { IDEMPOTENCY_STORED_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@infra/contracts';
import { bootstrapApp, runMain, startMetricsServer } from '@infra/platform';
import { mountSwaggerUi } from './docs/swagger-ui';
import { loadGatewayEnv } from './gateway.env';
import { GatewayModule } from './gateway.module';
import { RouteMatcher } from './routing/route-table';
import { writeGuard } from './security/write-guard';
import { mountWebApp } from './web/spa';

runMain(async () => {
  const env = loadGatewayEnv();
  // Prometheus scrapes an internal port; the public port answers /metrics with 404.
  await startMetricsServer(env.METRICS_PORT, env.METRICS_HOST);
  return bootstrapApp(GatewayModule.register(env), {
    service: 'gateway',
    env,
    // Bodies stream through to the services untouched; the proxy enforces BODY_LIMIT.
    bodyParser: false,
    beforeListen: async (app) => {
      app.use(
        helmet({
          contentSecurityPolicy: {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              // MUI (emotion) injects <style> elements at run time.
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              fontSrc: ["'self'", 'data:'],
              connectSrc: ["'self'"],
              objectSrc: ["'none'"],
              frameAncestors: ["'none'"],
              upgradeInsecureRequests: null,
            },
          },
        }),
      );
      app.use(cookieParser());
      const corsOrigins = env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',') : [];
      // Request headers (Idempotency-Key among them) are allowed as the preflight names them; replay markers are exposed.
      if (corsOrigins.length > 0)
        app.enableCors({
          origin: corsOrigins,
          credentials: true,
          exposedHeaders: [IDEMPOTENT_REPLAYED_HEADER, IDEMPOTENCY_STORED_HEADER],
        });
      app.use('/api', writeGuard({ publicOrigin: env.publicOrigin, corsOrigins, matcher: app.get(RouteMatcher) }));
      mountSwaggerUi(app);
      mountWebApp(app, env.WEB_DIST_DIR);
    },
  });
});
