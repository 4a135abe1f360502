import 'reflect-metadata';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { bootstrapApp, runMain } from '@infra/platform';
import { mountSwaggerUi } from './docs/swagger-ui';
import { loadGatewayEnv } from './gateway.env';
import { GatewayModule } from './gateway.module';
import { mountWebApp } from './web/spa';

runMain(async () => {
  const env = loadGatewayEnv();
  return bootstrapApp(GatewayModule.register(env), {
    service: 'gateway',
    env,
    // Bodies stream through to the services untouched; the proxy enforces BODY_LIMIT.
    bodyParser: false,
    beforeListen: async (app) => {
      app.set('trust proxy', 'loopback, linklocal, uniquelocal');
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
      if (env.CORS_ORIGINS) app.enableCors({ origin: env.CORS_ORIGINS.split(','), credentials: true });
      mountSwaggerUi(app);
      mountWebApp(app, env.WEB_DIST_DIR);
    },
  });
});
