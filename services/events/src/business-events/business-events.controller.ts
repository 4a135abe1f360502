import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  BusinessEventBand,
  BusinessEventDto,
  BusinessEventImpactsDto,
  Page,
  UpsertBusinessEventImpactRequest,
} from '@infra/contracts';
import { Access, Caller, CallerContext, tenantOf } from '@infra/platform';
import {
  BusinessEventListQueryDto,
  BusinessEventTargetQueryDto,
  CreateBusinessEventDto,
  impactBodyPipe,
  UpdateBusinessEventDto,
  UpsertBusinessEventImpactDto,
} from './business-events.dto';
import { BusinessEventsService } from './business-events.service';

@ApiTags('Business events')
@Controller('business-events')
export class BusinessEventsController {
  constructor(private readonly events: BusinessEventsService) {}

  @Get()
  @ApiOperation({ summary: "The organization's events, newest start first (paged; search in the name)." })
  list(@Caller() caller: CallerContext, @Query() query: BusinessEventListQueryDto): Promise<Page<BusinessEventDto>> {
    return this.events.list(tenantOf(caller), query);
  }

  @Post()
  @Access('organization-admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an event, assigned or not (Admin). Names are unique per organization.' })
  create(@Caller() caller: CallerContext, @Body() body: CreateBusinessEventDto): Promise<BusinessEventDto> {
    return this.events.create(tenantOf(caller), body);
  }

  @Put('impact')
  @Access('organization-admin')
  @ApiOperation({
    summary: "upsertBusinessEventImpact: replace the expected impact of the event's assets (Admin).",
    description: 'Answers the expected impacts the event now has.',
  })
  @ApiBody({ type: UpsertBusinessEventImpactDto })
  upsertImpact(
    @Caller() caller: CallerContext,
    // An interface, not the class: the global pipe leaves it to impactBodyPipe (no instance per item).
    @Body(impactBodyPipe()) body: UpsertBusinessEventImpactRequest,
  ): Promise<BusinessEventImpactsDto> {
    return this.events.upsertImpacts(tenantOf(caller), body);
  }

  @Get('target/:id')
  @ApiOperation({
    summary: 'The events overlapping [startDate, endDate) with assets in an asset, a collection or the organization.',
  })
  bands(
    @Caller() caller: CallerContext,
    @Param('id') id: string,
    @Query() query: BusinessEventTargetQueryDto,
  ): Promise<BusinessEventBand[]> {
    return this.events.bands(tenantOf(caller), id, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One event with its assignment and asset count.' })
  get(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<BusinessEventDto> {
    return this.events.get(tenantOf(caller), id);
  }

  @Patch(':id')
  @Access('organization-admin')
  @ApiOperation({ summary: 'Change an event; `assignment` replaces its rules (Admin).' })
  update(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateBusinessEventDto,
  ): Promise<BusinessEventDto> {
    return this.events.update(tenantOf(caller), id, body);
  }
}
