import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_LIMITS,
  AnalyticsErrorCode,
  TOPICS,
  type TelemetryIngestResponse,
  type TelemetryIssue,
  type TelemetrySource,
} from '@infra/contracts';
import { EventPublisher, ReadModelLag } from '@infra/messaging';
import { forEachInSlices, type Tenant } from '@infra/platform';
import { analyticsError } from '../analytics.errors';
import { AnalyticsScheduler } from '../rollups/analytics.jobs';
import { readCsvSamples } from './telemetry-csv';
import { checkSamples, keepLastPerAssetHour } from './telemetry-samples';
import { TelemetryRepository, type TelemetryRow } from './telemetry.repository';

/** Samples resolved to their asset between two yields to the event loop. */
const RESOLVE_SLICE = 5000;
/** Assets per freshness event: well inside the topic schema's 100,000, and one event for a full call. */
const FRESHNESS_CHUNK = 50_000;

/** What `POST telemetry` received: the JSON body, or the CSV text. */
export type TelemetryBody = { kind: 'json'; body: unknown } | { kind: 'csv'; text: Buffer | string };

/** Whose samples are stored, and the actor of the freshness events (null when no user sent them). */
interface SampleOwner {
  organizationId: string;
  accountId: string | null;
  actorId: string | null;
  /** Where the samples came from (freshness per source, Admin → Data → Telemetry). */
  source: TelemetrySource;
}

@Injectable()
export class TelemetryService {
  constructor(
    private readonly telemetry: TelemetryRepository,
    private readonly events: EventPublisher,
    private readonly scheduler: AnalyticsScheduler,
    private readonly lag: ReadModelLag = ReadModelLag.none,
  ) {}

  async ingest(tenant: Tenant, received: TelemetryBody): Promise<TelemetryIngestResponse> {
    const { samples, lines } = await this.samplesOf(received);
    if (samples.length > ANALYTICS_LIMITS.telemetrySamplesMax) throw analyticsError(AnalyticsErrorCode.TooManySamples);
    const { accepted, rejected } = await this.store(
      { organizationId: tenant.organizationId, accountId: tenant.accountId, actorId: tenant.userId, source: 'api' },
      samples,
    );
    return { accepted, rejected: lines ? rejected.map((issue) => ({ ...issue, line: lines[issue.index] })) : rejected };
  }

  /**
   * Samples a connector of the platform collected (inventory's AWS feed, `inventory.telemetry.collected.v1`): the
   * tenant is the event's and no user acts; the same rules, asset resolution and load as `POST telemetry`.
   */
  ingestCollected(
    tenant: { organizationId: string; accountId: string | null },
    source: TelemetrySource,
    samples: readonly unknown[],
  ): Promise<TelemetryIngestResponse> {
    return this.store({ ...tenant, actorId: null, source }, samples);
  }

  /** Validates, resolves the assets in the organization, loads what passed; refused samples come back by index. */
  private async store(tenant: SampleOwner, samples: readonly unknown[]): Promise<TelemetryIngestResponse> {
    const checked = await checkSamples(samples, Date.now());
    const rejected: TelemetryIssue[] = [...checked.rejected];

    const byId = new Set<string>();
    const byExternalId = new Set<string>();
    for (const { asset } of checked.valid)
      if ('assetId' in asset) byId.add(asset.assetId);
      else byExternalId.add(asset.externalId);
    // An asset upserted a moment ago may not be in the read model yet: wait for it rather than lose its samples.
    const found: { id: string; externalId: string | null }[] = [];
    await this.lag.waitFor(async () => {
      const more = await this.telemetry.resolveAssets(tenant.organizationId, [...byId], [...byExternalId]);
      for (const asset of more) {
        found.push(asset);
        byId.delete(asset.id);
        if (asset.externalId) byExternalId.delete(asset.externalId);
      }
      return byId.size === 0 && byExternalId.size === 0;
    });
    const known = new Set(found.map((asset) => asset.id));
    const idOfExternal = new Map(found.flatMap((asset) => (asset.externalId ? [[asset.externalId, asset.id]] : [])));

    const resolved: (TelemetryRow & { index: number })[] = [];
    await forEachInSlices(checked.valid, RESOLVE_SLICE, (sample) => {
      const { asset, index } = sample;
      const assetId =
        'assetId' in asset
          ? known.has(asset.assetId)
            ? asset.assetId
            : undefined
          : idOfExternal.get(asset.externalId);
      if (assetId === undefined)
        rejected.push({ index, field: 'assetId' in asset ? 'assetId' : 'externalId', reason: 'unknown asset' });
      // Named fields, not a rest spread: 50,000 of them per call.
      else
        resolved.push({
          index,
          assetId,
          hour: sample.hour,
          cpuUtil: sample.cpuUtil,
          memUtil: sample.memUtil,
          storageUtil: sample.storageUtil,
          networkInBytes: sample.networkInBytes,
          networkOutBytes: sample.networkOutBytes,
          cost: sample.cost,
        });
    });
    // After resolution: an asset named once by id and once by external id is one asset.
    const { kept, replaced } = keepLastPerAssetHour(resolved, (row) => row.assetId);
    rejected.push(...replaced);

    if (kept.length > 0) {
      const hours = kept.map((row) => row.hour);
      await this.telemetry.ensurePartitions(
        hours.reduce((a, b) => Math.min(a, b)),
        hours.reduce((a, b) => Math.max(a, b)),
      );
      await this.telemetry.load(tenant.organizationId, tenant.source, kept, async (manager, freshness) => {
        for (let start = 0; start < freshness.length; start += FRESHNESS_CHUNK)
          await this.events.publish(manager, TOPICS.analyticsTelemetryFreshness, {
            accountId: tenant.accountId,
            organizationId: tenant.organizationId,
            actorId: tenant.actorId,
            payload: { assets: freshness.slice(start, start + FRESHNESS_CHUNK) },
          });
      });
      // After the commit; a trigger lost here is picked up by the sweep (the pending days are in the database).
      await this.scheduler.rollUp(tenant.organizationId);
    }
    rejected.sort((a, b) => a.index - b.index);
    return { accepted: kept.length, rejected };
  }

  private async samplesOf(received: TelemetryBody): Promise<{ samples: readonly unknown[]; lines?: number[] }> {
    if (received.kind === 'csv') {
      try {
        return await readCsvSamples(received.text);
      } catch (error) {
        throw analyticsError(AnalyticsErrorCode.TelemetryBodyInvalid, { message: (error as Error).message });
      }
    }
    const { body } = received;
    const samples =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as { samples?: unknown }).samples
        : undefined;
    if (!Array.isArray(samples) || Object.keys(body as object).length !== 1)
      throw analyticsError(AnalyticsErrorCode.TelemetryBodyInvalid);
    return { samples };
  }
}
