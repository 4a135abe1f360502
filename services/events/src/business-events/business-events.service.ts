import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  BUSINESS_EVENT_LIMITS,
  type BusinessEventAssignment,
  type BusinessEventBand,
  type BusinessEventDto,
  BusinessEventErrorCode,
  type BusinessEventImpactsDto,
  businessEventDatesIssue,
  isUuid,
  type Page,
  TOPICS,
  type UpsertBusinessEventImpactRequest,
} from '@infra/contracts';
import { EventPublisher, ReadModelLag } from '@infra/messaging';
import { forEachInSlices, type Tenant } from '@infra/platform';
import { businessEventError } from '../events.errors';
import { BusinessEventChanges } from './business-event-changes';
import type {
  BusinessEventListQueryDto,
  BusinessEventTargetQueryDto,
  CreateBusinessEventDto,
  UpdateBusinessEventDto,
} from './business-events.dto';
import { isEventInstant } from './business-events.dto';
import { BusinessEventRow, BusinessEventsRepository, Rule, Target, TargetIds } from './business-events.repository';

const DEFAULT_PAGE_SIZE = 10;
const DAY_MS = 86_400_000;

export function toBusinessEventDto(row: BusinessEventRow): BusinessEventDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date.toISOString(),
    assignment: targetIdsOf(row.rules),
    assetCount: row.asset_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The assignment as rules, each id once, in the order given (collections, tags, then assets). */
export function rulesOf(assignment: Partial<BusinessEventAssignment>): Rule[] {
  const unique = (ids: string[] | undefined) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))];
  return [
    ...unique(assignment.collectionIds).map((id): Rule => ({ kind: 'collection', id })),
    ...unique(assignment.tagIds).map((id): Rule => ({ kind: 'tag', id })),
    ...unique(assignment.assetIds).map((id): Rule => ({ kind: 'asset', id })),
  ];
}

/** The ids of the rules, by kind. */
export function targetIdsOf(rules: readonly Rule[]): TargetIds {
  const idsOf = (kind: Rule['kind']) => rules.filter((rule) => rule.kind === kind).map((rule) => rule.id);
  return { collectionIds: idsOf('collection'), tagIds: idsOf('tag'), assetIds: idsOf('asset') };
}

/** Does the read models' count hold every id? */
const holdsAll = (owned: { collections: number; tags: number; assets: number }, wanted: TargetIds) =>
  owned.collections === wanted.collectionIds.length &&
  owned.tags === wanted.tagIds.length &&
  owned.assets === wanted.assetIds.length;

/**
 * `[startDate, endDate)` of the target query: two instants, the end after the start, at most targetWindowMaxDays
 * apart; undefined when not.
 */
export function windowOf(startDate: unknown, endDate: unknown): { start: Date; end: Date } | undefined {
  if (!isEventInstant(startDate) || !isEventInstant(endDate)) return undefined;
  const start = new Date(startDate);
  const end = new Date(endDate);
  const length = end.getTime() - start.getTime();
  return length > 0 && length <= BUSINESS_EVENT_LIMITS.targetWindowMaxDays * DAY_MS ? { start, end } : undefined;
}

/** Business events: the decisions (rules, uniqueness, assignment, impact) in one transaction each, with their events. */
@Injectable()
export class BusinessEventsService {
  constructor(
    private readonly events: BusinessEventsRepository,
    private readonly changes: BusinessEventChanges,
    private readonly publisher: EventPublisher,
    private readonly lag: ReadModelLag = ReadModelLag.none,
  ) {}

  async list(tenant: Tenant, query: BusinessEventListQueryDto): Promise<Page<BusinessEventDto>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const { rows, total } = await this.events.list(tenant.organizationId, {
      offset: (page - 1) * pageSize,
      limit: pageSize,
      search: query.search?.trim() || undefined,
    });
    return { items: rows.map(toBusinessEventDto), total, page, pageSize };
  }

  async get(tenant: Tenant, id: string): Promise<BusinessEventDto> {
    const row = await this.events.find(tenant.organizationId, id);
    if (!row) throw businessEventError(BusinessEventErrorCode.NotFound);
    return toBusinessEventDto(row);
  }

  /** Creates the event, assigned when the request has an assignment; a taken name is a 409 (a retried POST too). */
  async create(tenant: Tenant, body: CreateBusinessEventDto): Promise<BusinessEventDto> {
    await this.awaitTargets(tenant, body.assignment);
    return this.events.transaction(async (manager) => {
      const id = await this.events.insert(manager, tenant.organizationId, tenant.userId, {
        name: body.name,
        description: body.description ?? '',
        startDate: body.startDate,
        endDate: body.endDate,
      });
      if (!id) throw businessEventError(BusinessEventErrorCode.NameTaken);
      if (body.assignment) await this.assign(manager, tenant, id, body.assignment);
      await this.changes.publish(manager, envelopeOf(tenant), [id]);
      return toBusinessEventDto((await this.events.find(tenant.organizationId, id, manager))!);
    });
  }

  /** Changes the fields given; `assignment` replaces the rules. The dates are checked as they will be stored. */
  async update(tenant: Tenant, id: string, body: UpdateBusinessEventDto): Promise<BusinessEventDto> {
    await this.awaitTargets(tenant, body.assignment);
    return this.events.transaction(async (manager) => {
      if (!(await this.events.lock(manager, tenant.organizationId, id)))
        throw businessEventError(BusinessEventErrorCode.NotFound);
      const current = toBusinessEventDto((await this.events.find(tenant.organizationId, id, manager))!);
      const fields = {
        name: body.name ?? current.name,
        description: body.description ?? current.description,
        startDate: body.startDate ?? current.startDate,
        endDate: body.endDate ?? current.endDate,
      };
      if (businessEventDatesIssue(fields.startDate, fields.endDate))
        throw businessEventError(BusinessEventErrorCode.DatesInvalid);
      if (!(await this.events.update(manager, tenant.organizationId, id, fields)))
        throw businessEventError(BusinessEventErrorCode.NameTaken);
      if (body.assignment) await this.assign(manager, tenant, id, body.assignment);
      await this.changes.publish(manager, envelopeOf(tenant), [id]);
      return toBusinessEventDto((await this.events.find(tenant.organizationId, id, manager))!);
    });
  }

  /**
   * Collections, tags and assets created a moment ago may not be in the read models yet: wait for them before the
   * transaction (which then checks for good), rather than refuse what their service has already accepted.
   */
  private async awaitTargets(tenant: Tenant, assignment: BusinessEventAssignment | undefined): Promise<void> {
    if (!assignment) return;
    const wanted = targetIdsOf(rulesOf(assignment));
    await this.lag.waitFor(async () => holdsAll(await this.events.countOwned(tenant.organizationId, wanted), wanted));
  }

  /**
   * Stores the rules and the assets they resolve to now. Every collection, tag and asset must be the organization's
   * (per the read models); the rules together may cover at most resolvedAssetsMax assets.
   */
  private async assign(
    manager: EntityManager,
    tenant: Tenant,
    id: string,
    assignment: BusinessEventAssignment,
  ): Promise<void> {
    const rules = rulesOf(assignment);
    const wanted = targetIdsOf(rules);
    if (!holdsAll(await this.events.countOwned(tenant.organizationId, wanted, manager), wanted))
      throw businessEventError(BusinessEventErrorCode.AssignmentInvalid);
    await this.events.replaceRules(manager, tenant.organizationId, id, rules);
    const { oversized } = await this.events.resolve(
      manager,
      tenant.organizationId,
      [id],
      BUSINESS_EVENT_LIMITS.resolvedAssetsMax,
    );
    if (oversized.length > 0) throw businessEventError(BusinessEventErrorCode.TooManyAssets);
  }

  /**
   * upsertBusinessEventImpact: replaces the event's expected impacts. Each names one of the event's assets once,
   * with a percent within the bounds; published for analytics in the same transaction.
   */
  async upsertImpacts(tenant: Tenant, body: UpsertBusinessEventImpactRequest): Promise<BusinessEventImpactsDto> {
    const { impactPercentMin, impactPercentMax } = BUSINESS_EVENT_LIMITS;
    // Up to 100,000 impacts: read, lower-cased and checked for repeats and bounds a slice at a time.
    const impacts: { assetId: string; impactPercent: number }[] = [];
    const seen = new Set<string>();
    let invalid = false;
    await forEachInSlices(body.impacts, 10_000, ({ assetId: given, impactPercent }) => {
      const assetId = given.toLowerCase();
      if (seen.has(assetId) || impactPercent < impactPercentMin || impactPercent > impactPercentMax) invalid = true;
      seen.add(assetId);
      impacts.push({ assetId, impactPercent });
    });
    if (invalid) throw businessEventError(BusinessEventErrorCode.ImpactInvalid);
    const assetIds = [...seen];
    return this.events.transaction(async (manager) => {
      const { organizationId } = tenant;
      if (!(await this.events.lock(manager, organizationId, body.businessEventId)))
        throw businessEventError(BusinessEventErrorCode.NotFound);
      if (
        (await this.events.countEventAssets(manager, organizationId, body.businessEventId, assetIds)) !==
        assetIds.length
      )
        throw businessEventError(BusinessEventErrorCode.ImpactInvalid);
      await this.events.replaceImpacts(manager, organizationId, body.businessEventId, impacts);
      await this.publisher.publish(manager, TOPICS.eventsImpactUpserted, {
        ...envelopeOf(tenant),
        payload: { businessEventId: body.businessEventId, impacts },
      });
      return {
        businessEventId: body.businessEventId,
        impacts: await this.events.impactsOf(manager, organizationId, body.businessEventId),
      };
    });
  }

  /**
   * The events drawn as bands on a target's charts: overlapping the window, with assets in the target (an asset, a
   * collection, or the organization itself), narrowed by a view's filter.
   */
  async bands(tenant: Tenant, targetId: string, query: BusinessEventTargetQueryDto): Promise<BusinessEventBand[]> {
    const window = windowOf(query.startDate, query.endDate);
    if (!window) throw businessEventError(BusinessEventErrorCode.WindowInvalid);
    const target = await this.targetOf(tenant, targetId);
    const rows = await this.events.bands(
      tenant.organizationId,
      target,
      window,
      { tagIds: query.tagIds ?? [], collectionIds: query.collectionIds ?? [] },
      BUSINESS_EVENT_LIMITS.targetEventsMax,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      startDate: row.start_date.toISOString(),
      endDate: row.end_date.toISOString(),
      assetCount: row.asset_count,
    }));
  }

  private async targetOf(tenant: Tenant, id: string): Promise<Target> {
    const normalised = id.toLowerCase();
    if (normalised === tenant.organizationId.toLowerCase()) return { kind: 'organization' };
    // Not a UUID: no asset or collection has it (and PostgreSQL would refuse the comparison).
    const kind = isUuid(normalised) ? await this.events.targetKind(tenant.organizationId, normalised) : undefined;
    if (!kind) throw businessEventError(BusinessEventErrorCode.TargetNotFound);
    return { kind, id: normalised };
  }
}

const envelopeOf = (tenant: Tenant) => ({
  organizationId: tenant.organizationId,
  accountId: tenant.accountId,
  actorId: tenant.userId,
});
