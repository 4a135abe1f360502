import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { MESSAGES, ServiceName, SERVICES } from '@infra/contracts';
import { Upstreams } from '../routing/upstreams';
import { ROUTE_TABLE } from '../routing/route-table';

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, unknown>;
}

/** OpenAPI documents, browsable at /api/docs (documents at /api/openapi/{name}.json): the gateway's route map plus each service's own document. */
@ApiExcludeController()
@Controller('api/openapi')
export class DocsController {
  constructor(private readonly upstreams: Upstreams) {}

  @Get('gateway.json')
  gateway(): OpenApiDocument {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const rule of ROUTE_TABLE) {
      const path = `/${rule.path.replace(/:(\w+)/g, '{$1}')}`;
      paths[path] ??= {};
      paths[path][rule.method.toLowerCase()] = {
        tags: [rule.service],
        summary: `${rule.method} ${path}`,
        description: `${
          rule.answeredByGateway
            ? `Answered by the gateway from identity and the ${rule.service} service (see the gateway's LocateController).`
            : `Owned by the ${rule.service} service.`
        } Access: ${rule.access}.${rule.planned ? ' Planned: not served yet (501).' : ''}`,
        parameters: [...rule.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
          name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
        })),
        responses: { default: { description: 'See the owning service document' } },
      };
    }
    return {
      openapi: '3.0.0',
      info: { title: 'infra-analytics API (route map)', version: 'v1' },
      servers: [{ url: '/api/v1' }],
      paths,
    };
  }

  @Get(':service.json')
  async service(@Param('service') service: string): Promise<OpenApiDocument> {
    if (!(SERVICES as readonly string[]).includes(service)) throw new NotFoundException(MESSAGES.notFound('Document'));
    const response = await this.upstreams
      .of(service as ServiceName)
      .request({ method: 'GET', path: '/docs-json', headersTimeout: 5000 });
    const document = (await response.body.json()) as OpenApiDocument;
    return { ...document, servers: [{ url: '/api/v1' }] };
  }
}
