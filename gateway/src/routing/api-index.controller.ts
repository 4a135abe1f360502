import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ROUTE_TABLE } from './route-table';
import { API_PREFIX } from './api-prefix';

export interface ApiListing {
  name: string;
  version: string;
  docs: string;
  routes: {
    method: string;
    path: string;
    service: string;
    access: string;
    minRole?: string;
    planned?: true;
    /** Answered by the gateway itself (from `service`'s data), documented in the gateway's own document. */
    answeredByGateway?: true;
  }[];
}

@ApiTags('Auth')
@Controller()
export class ApiIndexController {
  /** `GET /api/v1`: every call of the public API, the service that owns it and who may call it. */
  @Get(['api/v1', 'api/v1/'])
  @ApiOkResponse({ description: 'The list of API routes' })
  list(): ApiListing {
    return {
      name: 'infra-analytics',
      version: 'v1',
      docs: '/api/docs',
      routes: ROUTE_TABLE.map((rule) => ({
        method: rule.method,
        path: `${API_PREFIX}/${rule.path}`,
        service: rule.service,
        access: rule.access,
        ...(rule.minRole ? { minRole: rule.minRole } : {}),
        ...(rule.planned ? { planned: true as const } : {}),
        ...(rule.answeredByGateway ? { answeredByGateway: true as const } : {}),
      })),
    };
  }
}
