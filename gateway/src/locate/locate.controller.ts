import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { EntityLocationDto } from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { API_PREFIX } from '../routing/api-prefix';
import { EntityLocator, isLocatableKind } from './entity-locator';

/**
 * The gateway's own route below /api/v1 (`answeredByGateway` in the route table): the API middleware has
 * authenticated the caller and left them in `res.locals.caller`.
 */
@ApiTags('Inventory')
@Controller(API_PREFIX.slice(1))
export class LocateController {
  constructor(private readonly locator: EntityLocator) {}

  @Get('locate/:kind/:id')
  @ApiOperation({
    summary: "Which of the caller's organizations holds an asset, collection or view (for a shared link).",
    description:
      'No organizationId header. Searches only the organizations the caller may open (a System Admin: all); an ' +
      'entity of any other organization answers the same 404 as an unknown id.',
  })
  @ApiParam({ name: 'kind', enum: ['asset', 'collection', 'view'] })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ description: '{ kind, id, organizationId, accountId }' })
  @ApiNotFoundResponse({ description: 'Oops! {Entity} Not Found: unknown, or not in an organization of the caller' })
  locate(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EntityLocationDto> {
    const caller = res.locals.caller as CallerContext | undefined;
    // Only reachable through the API middleware, which sets the caller; never answer without one.
    if (!caller || !isLocatableKind(kind)) throw new NotFoundException(`Cannot GET ${API_PREFIX}/locate/${kind}/${id}`);
    return this.locator.locate(caller, kind, id);
  }
}
