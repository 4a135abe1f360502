import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { BusinessEventImpactErrorCode, isUuid, type BusinessEventImpactResponse } from '@infra/contracts';
import { Caller, CallerContext, tenantOf } from '@infra/platform';
import { BusinessEventImpactService } from './business-event-impact.service';
import { businessEventError } from './business-events.errors';

@ApiTags('Business events')
@Controller()
export class BusinessEventImpactController {
  constructor(private readonly impacts: BusinessEventImpactService) {}

  @Get('assets/business-event/impact')
  @ApiOperation({
    summary:
      "A business event's measured impact (workload-hours and cost against the baseline window of equal length " +
      'before it; total, per target, per asset) and the expected impact entered for it.',
  })
  @ApiQuery({ name: 'businessEventId', required: true, type: String, format: 'uuid' })
  impact(
    @Caller() caller: CallerContext,
    @Query('businessEventId') businessEventId: unknown,
  ): Promise<BusinessEventImpactResponse> {
    if (!isUuid(businessEventId)) throw businessEventError(BusinessEventImpactErrorCode.EventIdInvalid);
    return this.impacts.impact(tenantOf(caller).organizationId, businessEventId);
  }
}
