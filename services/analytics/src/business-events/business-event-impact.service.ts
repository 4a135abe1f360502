import { Injectable } from '@nestjs/common';
import {
  BusinessEventErrorCode,
  type BusinessEventImpactResponse,
  type ImpactFigures,
  type MeasuredImpact,
} from '@infra/contracts';
import { AnalysesRepository } from '../analyses/analyses.repository';
import { businessEventError } from './business-events.errors';
import { BusinessEventsRepository, type MeasuredSums } from './business-events.repository';
import { impactFigures, impactWindows, meanExpectedImpact } from './impact-windows';

/** Before the first measurement the targets and assets are listed with these (and `measured` is null). */
const UNMEASURED: ImpactFigures = { baseline: 0, during: 0, change: 0, changePercent: null };

function measuredOf(sums: MeasuredSums | null): MeasuredImpact {
  if (!sums) return { workloadHours: UNMEASURED, cost: UNMEASURED };
  return {
    workloadHours: impactFigures(sums.workloadBaseline, sums.workloadDuring),
    cost: impactFigures(sums.costBaseline, sums.costDuring),
  };
}

const iso = (time: number) => new Date(time).toISOString();

/** `GET assets/business-event/impact`: the measured impact of one of the organization's events, and the expected. */
@Injectable()
export class BusinessEventImpactService {
  constructor(
    private readonly events: BusinessEventsRepository,
    private readonly analyses: AnalysesRepository,
  ) {}

  async impact(organizationId: string, businessEventId: string): Promise<BusinessEventImpactResponse> {
    // Another organization's event is not found either (filtered look-up: no existence oracle).
    const [stored, currency] = await Promise.all([
      this.events.impactOf(organizationId, businessEventId),
      this.analyses.currencyOf(organizationId),
    ]);
    if (!stored) throw businessEventError(BusinessEventErrorCode.NotFound);
    const { event, total, targets, assets } = stored;
    const { baseline, during } = impactWindows(event.startAt.getTime(), event.endAt.getTime());
    const measured = event.measuredAt !== null && total !== null;
    return {
      businessEventId,
      name: event.name,
      startDate: iso(during.from),
      endDate: iso(during.to),
      baselineStartDate: iso(baseline.from),
      baselineEndDate: iso(baseline.to),
      currency,
      measuredAt: measured ? event.measuredAt!.toISOString() : null,
      measured: measured ? measuredOf(total) : null,
      targets: targets.map((target) => ({
        kind: target.kind,
        id: target.id,
        name: target.name,
        assetCount: target.assetCount,
        ...measuredOf(measured ? target.sums : null),
      })),
      assets: assets.map((asset) => ({
        assetId: asset.assetId,
        name: asset.name,
        expectedImpactPercent: asset.expectedImpactPercent,
        ...measuredOf(measured ? asset.sums : null),
      })),
      expectedImpactPercent: meanExpectedImpact(assets.map((asset) => asset.expectedImpactPercent)),
    };
  }
}
