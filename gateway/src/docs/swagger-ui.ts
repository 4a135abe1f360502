import type { INestApplication } from '@nestjs/common';
import swaggerUi from 'swagger-ui-express';
import { SERVICES } from '@infra/contracts';

/** Swagger UI at /api/docs with a document picker: the route map first, then one document per service. */
export function mountSwaggerUi(app: INestApplication): void {
  const urls = [
    { url: '/api/openapi/gateway.json', name: 'gateway (route map)' },
    ...SERVICES.map((service) => ({ url: `/api/openapi/${service}.json`, name: service })),
  ];
  app.use(
    '/api/docs',
    swaggerUi.serveFiles(undefined, { swaggerOptions: { urls } }),
    swaggerUi.setup(undefined, {
      explorer: true,
      customSiteTitle: 'infra-analytics API',
      swaggerOptions: { urls },
    }),
  );
}
