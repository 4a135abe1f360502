// The analytics figures of issue 9 (needs the product running: `npm start`; then `npm run bench:analytics`). In a
// fresh account and organization (the demo data is left alone): ASSETS (10,000) demo-fleet assets with DAYS (90) days
// of hourly telemetry from the demo generator, sent through the gateway; a tag on every tenth asset. Prints:
// - ingest rate through the gateway (samples/s), and how long the rollups took to catch up;
// - p50/p95 of each organization analysis (30 days), unfiltered and with the tag filter, beside the bare SQL that
//   reads the same rollup rows in the same run;
// - p95 of each asset analysis; a full rating computation of every asset; a full re-rollup after a threshold change;
// - the tenant wall's cost: each organization analysis of the service behind the wall and beyond it, same run.
// Targets: ingest >= 100,000 samples/s; organization analyses p95 < 150 ms; asset analyses p95 < 30 ms; full
// recompute < 15 s. DATABASE_URL defaults to the local analytics database. RUNS (30) requests per figure; CLIENTS (1)
// ingest callers at once.
import { Client } from 'pg';
import type { CreateTagsResponse, TelemetryIngestResponse, UpsertAssetsResponse } from '@infra/contracts';
import { api, apiJsonText, existingOrganization, freshOrganization, timed } from './bench-client';
import { demoGenerators } from './demo-generators';
import { percentile } from './stats';
import { printWallCost } from './wall-cost';
import type { DataSource } from 'typeorm';
import { AnalysesRepository } from '../services/analytics/src/analyses/analyses.repository';
import { AnalysesService } from '../services/analytics/src/analyses/analyses.service';
import { resolveHorizon } from '../services/analytics/src/analyses/horizon';
import { OrgHourlyRepository } from '../services/analytics/src/rollups/org-hourly.repository';
import { RollupsRepository } from '../services/analytics/src/rollups/rollups.repository';

const ASSETS = Number(process.env.ASSETS ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 90);
const RUNS = Number(process.env.RUNS ?? 30);
/** Ingest callers at once (CLIENTS > 1 times the wall clock, the bench's own generation and serialization included). */
const CLIENTS = Number(process.env.CLIENTS ?? 1);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/infra_analytics';
const ORGANIZATION_ANALYSES = [
  'workload',
  'cost-analysis',
  'workload-gap-analysis',
  'system-utilization',
  'system-ratings',
  'business-overview',
];
/** The service's methods behind the organization analyses, for the wall's cost (the same reads without HTTP). */
const WALLED_ANALYSES = [
  'workload',
  'costAnalysis',
  'workloadGap',
  'systemUtilization',
  'systemRatings',
  'businessOverview',
] as const;
const ASSET_ANALYSES = ['workload', 'cost-analysis', 'workload-gap-analysis', 'system-utilization', 'system-ratings'];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function sample(work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await work(); // warm-up
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push((await timed(work))[1]);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function waitForRollups(db: Client, organizationId: string): Promise<void> {
  for (;;) {
    const { rows } = await db.query<{ pending: number }>(
      `SELECT count(*) AS pending FROM rollup_pending WHERE organization_id = $1`,
      [organizationId],
    );
    if (Number(rows[0].pending) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The organization of an earlier run (ORGANIZATION=<id>): its assets, its tag and its account, from the database. */
async function earlierRun(db: Client, organizationId: string) {
  await existingOrganization(organizationId);
  const assetIds = (
    await db.query<{ id: string }>(`SELECT id FROM assets WHERE organization_id = $1 ORDER BY name`, [organizationId])
  ).rows.map((row) => row.id);
  const [{ tag_id: tag }] = (
    await db.query<{ tag_id: string }>(
      `SELECT tag_id FROM asset_tags WHERE organization_id = $1 GROUP BY tag_id ORDER BY count(*) DESC LIMIT 1`,
      [organizationId],
    )
  ).rows;
  const [{ account_id: accountId }] = (
    await db.query<{ account_id: string }>(`SELECT account_id FROM organization_accounts WHERE organization_id = $1`, [
      organizationId,
    ])
  ).rows;
  return { assetIds, tag, accountId };
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  if (process.env.ORGANIZATION) {
    const organizationId = process.env.ORGANIZATION;
    const { assetIds, tag, accountId } = await earlierRun(db, organizationId);
    say(`organization ${organizationId}: ${assetIds.length} assets of an earlier run`);
    await measure(db, { organizationId, accountId, assetIds, tag });
    await db.end();
    return;
  }
  const { run, accountId, organizationId } = await freshOrganization();
  const { generateAssets, generateTelemetry } = await demoGenerators();
  const assets = generateAssets(ASSETS, { seed: 11, label: `bench-${run}` });
  const assetIds: string[] = [];
  for (let start = 0; start < assets.length; start += 1000)
    assetIds.push(
      ...(await api<UpsertAssetsResponse>('PUT', 'assets', { assets: assets.slice(start, start + 1000) })).results.map(
        (result) => result.id,
      ),
    );
  const tag = (await api<CreateTagsResponse>('POST', 'tags/batch', { tags: [{ key: `bench-${run}`, value: 'tenth' }] }))
    .tags[0].id;
  const tagged = assetIds.filter((_, index) => index % 10 === 0);
  for (;;) {
    try {
      await api('POST', 'tags/batchAssignTags', { tagIds: [tag], assetIds: tagged });
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500)); // tagging learns the assets from inventory's events
    }
  }
  // Analytics learns the assets from inventory's events too.
  for (;;) {
    const { rows } = await db.query(`SELECT count(*)::int AS known FROM assets WHERE organization_id = $1`, [
      organizationId,
    ]);
    if (rows[0].known >= ASSETS) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  // Each call's body is generated and serialized before its clock starts (a collector's work, on its own machine):
  // one caller's rate counts the time spent in the calls. Several callers share the generator and are timed by the
  // wall clock, their generation and serialization on these same two cores included (the rate is a floor).
  let total = 0;
  let ingestMs = 0;
  const ingestStarted = performance.now();
  const chunks = generateTelemetry(assets, { seed: 11, days: DAYS })[Symbol.iterator]();
  const caller = async () => {
    for (let next = chunks.next(); !next.done; next = chunks.next()) {
      const body = JSON.stringify({ samples: next.value });
      const [result, callMs] = await timed(() => apiJsonText<TelemetryIngestResponse>('POST', 'telemetry', body));
      if (result.rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(result.rejected.slice(0, 3))}`);
      total += result.accepted;
      ingestMs += callMs;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, caller));
  const wallMs = performance.now() - ingestStarted;
  say(
    `ingest: ${total.toLocaleString('en-US')} samples (${ASSETS} assets × ${DAYS} days) in ${(wallMs / 1000).toFixed(1)} s, ` +
      `${(ingestMs / 1000).toFixed(1)} s in the calls${CLIENTS > 1 ? ` (summed over ${CLIENTS} callers)` : ''}`,
  );
  say(
    CLIENTS === 1
      ? `  ${Math.round((total / ingestMs) * 1000).toLocaleString('en-US')} samples/s through the gateway, one call at a ` +
          `time (target 100,000)`
      : `  ${Math.round((total / wallMs) * 1000).toLocaleString('en-US')} samples/s through the gateway, ${CLIENTS} ` +
          `callers at once, by the wall clock (target 100,000)`,
  );
  const [, catchUp] = await timed(() => waitForRollups(db, organizationId));
  say(`  rollups caught up ${(catchUp / 1000).toFixed(1)} s after the last call`);
  const [, periods] = await timed(() => waitForPeriods(db, organizationId));
  say(`  period sums of every asset complete ${(periods / 1000).toFixed(1)} s later`);
  await measure(db, { organizationId, accountId, assetIds, tag });
  await db.end();
}

async function waitForPeriods(db: Client, organizationId: string): Promise<void> {
  for (;;) {
    const { rows } = await db.query<{ incomplete: number }>(
      `SELECT (SELECT count(*) FROM period_pending WHERE organization_id = $1)
            + (SELECT count(*) FROM period_windows WHERE organization_id = $1 AND NOT complete) AS incomplete`,
      [organizationId],
    );
    if (Number(rows[0].incomplete) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function measure(
  db: Client,
  {
    organizationId,
    accountId,
    assetIds,
    tag,
  }: { organizationId: string; accountId: string; assetIds: string[]; tag: string },
): Promise<void> {
  const ASSETS = assetIds.length;
  await db.query(
    'ANALYZE asset_daily; ANALYZE org_daily; ANALYZE org_hourly; ANALYZE asset_tags; ANALYZE asset_periods',
  );

  // The bare SQL of the same rollup rows: the organization's days, and the tagged assets' days.
  const start = new Date(Math.floor(Date.now() / 86_400_000 - 29) * 86_400_000).toISOString().slice(0, 10);
  const bareWhole = () =>
    db.query(`SELECT * FROM org_daily WHERE organization_id = $1 AND day >= $2`, [organizationId, start]);
  // The per-asset analyses read each asset's sums of the period (asset_periods) with its attributes.
  const bareAssets = (tagId?: string) =>
    tagId
      ? db.query(
          `SELECT a.id, a.wcu, p.* FROM assets a JOIN asset_periods p ON p.organization_id = a.organization_id
              AND p.asset_id = a.id AND p.period = '30d'
            WHERE a.organization_id = $1 AND EXISTS (SELECT 1 FROM asset_tags t WHERE t.organization_id = $1
              AND t.tag_id = $2 AND t.asset_id = a.id)`,
          [organizationId, tagId],
        )
      : db.query(
          `SELECT a.id, a.wcu, p.* FROM assets a JOIN asset_periods p ON p.organization_id = a.organization_id
              AND p.asset_id = a.id AND p.period = '30d' WHERE a.organization_id = $1`,
          [organizationId],
        );
  const bareTagDays = () =>
    db.query(
      `SELECT d.day, sum(d.hours), sum(d.cpu_sum), sum(d.cost_sum) FROM asset_daily d
        WHERE d.organization_id = $1 AND d.day >= $2 AND EXISTS (SELECT 1 FROM asset_tags t
          WHERE t.organization_id = $1 AND t.tag_id = $3 AND t.asset_id = d.asset_id) GROUP BY d.day`,
      [organizationId, start, tag],
    );
  const perAsset = new Set(['system-utilization', 'system-ratings', 'business-overview', 'cost-analysis']);
  say(`organization analyses, Last 30 Days, ${RUNS} runs each (p50 / p95; bare SQL of the same rollup rows p95):`);
  for (const analysis of ORGANIZATION_ANALYSES) {
    for (const filtered of [false, true]) {
      const query = filtered ? `?timeHorizon=30d&tagIds=${tag}` : '?timeHorizon=30d';
      const api_ = await sample(() => api('GET', `organizations/${analysis}${query}`));
      const bare = await sample(() =>
        perAsset.has(analysis) ? bareAssets(filtered ? tag : undefined) : filtered ? bareTagDays() : bareWhole(),
      );
      say(
        `  ${analysis.padEnd(22)} ${filtered ? 'tag filter' : 'unfiltered'}: ${ms(api_.p50)} / ${ms(api_.p95)}` +
          `  (SQL ${ms(bare.p95)}, ×${(api_.p95 / bare.p95).toFixed(1)})${api_.p95 < 150 ? '' : '  MISSED 150 ms'}`,
      );
    }
  }
  say(`asset analyses, Last 30 Days, ${RUNS} runs each over random assets (p50 / p95):`);
  for (const analysis of ASSET_ANALYSES) {
    let next = 0;
    const result = await sample(() =>
      api('GET', `assets/${assetIds[(next++ * 7919) % ASSETS]}/${analysis}?timeHorizon=30d`),
    );
    say(`  ${analysis.padEnd(22)} ${ms(result.p50)} / ${ms(result.p95)}${result.p95 < 30 ? '' : '  MISSED 30 ms'}`);
  }
  say(`the tenant wall's cost: each organization analysis of the service, Last 30 Days, ${RUNS} runs each:`);
  await printWallCost(
    'analytics',
    new URL(DATABASE_URL).pathname.slice(1),
    organizationId,
    RUNS,
    Object.fromEntries(
      WALLED_ANALYSES.map((analysis) => [
        analysis,
        (dataSource: DataSource) => {
          const service = new AnalysesService(
            new AnalysesRepository(dataSource),
            new RollupsRepository(dataSource, new OrgHourlyRepository()),
          );
          const request = {
            target: { organizationId, tagIds: [], collectionIds: [] },
            horizon: resolveHorizon('30d', Date.now()),
          };
          return service[analysis](request);
        },
      ]),
    ),
  );
  const [, ratingsMs] = await timed(() => api('GET', 'organizations/system-ratings?timeHorizon=90d'));
  say(`full rating computation of ${ASSETS} assets over 90 days (what the recompute job runs): ${ms(ratingsMs)}`);
  // A threshold change redoes every asset-day of the organization, then its totals and ratings.
  // Different thresholds from the current ones (a run after another flips them back).
  const { rows: current } = await db.query<{ min: number }>(
    `SELECT min_threshold AS min FROM account_thresholds WHERE account_id = $1`,
    [accountId],
  );
  const thresholds = current[0]?.min === 35 ? [40, 60] : [35, 65];
  const [, rerollMs] = await timed(async () => {
    await api('PUT', `accounts/${accountId}`, {
      minWorkloadPercentThreshold: thresholds[0],
      maxWorkloadPercentThreshold: thresholds[1],
    });
    // The change reaches analytics through Kafka; then every asset-day of the organization is pending.
    for (;;) {
      const { rows } = await db.query<{ min: number }>(
        `SELECT min_threshold AS min FROM account_thresholds WHERE account_id = $1`,
        [accountId],
      );
      if (rows[0]?.min === thresholds[0]) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitForRollups(db, organizationId);
  });
  say(`full re-rollup after a threshold change (every asset-day from the samples): ${(rerollMs / 1000).toFixed(1)} s`);
  const [, periodsMs] = await timed(() => waitForPeriods(db, organizationId));
  say(`  then the period sums of every asset: ${(periodsMs / 1000).toFixed(1)} s more`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
