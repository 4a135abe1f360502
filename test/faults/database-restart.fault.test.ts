// A whole database server goes away and comes back (a crash — pg_ctl stop -m immediate — then a start on the same
// data, as a failover or a host restart does), under reads and writes, with a tag import running. The cluster is the
// product's own (deploy/scripts/lib/owned-postgres.mjs) and holds tagging's database only: tagging's routes answer 503
// with the standard body meanwhile (never a 500), it says not-ready, and it serves again within 15 s of the start, in
// the same process; the other services never notice. Nothing is lost: its consumer waits for the database instead of
// dead-lettering the events that arrive meanwhile, the import's job waits instead of spending its attempts, so the
// import completes exactly once and every copy of tagging's data (and tagging's copy of inventory's) converges.
// Short form in `npm test`; `FAULT_DB_DOWN_MS=30000 FAULT_IMPORT_ROWS=5000` for the full one.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MESSAGES, type ImportValidationDto, type TagImportDto, type UpsertAssetsResponse } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { callAs, importEnded, type OrganizationSession, uploadTagFile } from '../e2e/support/api-client';
import { ownedDatabase, queryServiceDatabase } from '../e2e/support/service-databases';
import { serviceCounter, serviceUrl } from '../e2e/support/service-metrics';
import { ownOrganization } from './support/own-organization';
import { type Answer, pidOf, sleep } from './support/processes';
import { untilCopiesEqual, whenCopiesEqual } from './support/read-model-copies';

jest.setTimeout(600_000);

const DOWN_MS = Number(process.env.FAULT_DB_DOWN_MS ?? 10_000);
const IMPORT_ROWS = Number(process.env.FAULT_IMPORT_ROWS ?? 500);
const KNOWN_ASSETS = 20;
const RECOVERY_BOUND_MS = 15_000;
/** After the start: the consumer's and the job's waits (at most 5 s and 3 s), then the work that waited. */
const CONVERGENCE_BOUND_MS = 120_000;

/** pg_ctl on the owned cluster, as its owner; throws with what it printed when it fails. */
function pgCtl(...args: string[]): void {
  const [command, ...prefix] = ownedDatabase!.pgCtl;
  const result = spawnSync(command!, [...prefix, '-D', ownedDatabase!.dataDir, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`pg_ctl ${args.join(' ')}: ${result.stderr || result.stdout}`);
}
const crashDatabase = () => pgCtl('-m', 'immediate', '-w', 'stop');
const startDatabase = () => pgCtl('-l', path.join(ownedDatabase!.dataDir, 'server.log'), '-w', '-t', '60', 'start');

const ready = async (service: string) =>
  fetch(`${serviceUrl(service)}/health/ready`).then(
    (response) => response.ok,
    () => false,
  );

// The cluster is the product's own only under `npm test` and product copies (E2E_OWNED_DATABASE).
const describeOwned = ownedDatabase ? describe : describe.skip;

describeOwned(`the database server of ${ownedDatabase?.service ?? 'one service'} restarted under load`, () => {
  const service = ownedDatabase?.service ?? '';
  let admin: OrganizationSession;
  let as: ReturnType<typeof callAs>;
  const run = randomUUID().slice(0, 8);
  const known = Array.from({ length: KNOWN_ASSETS }, (_, i) => `dr-${run}-${i}`);

  beforeAll(async () => {
    expect(service).toBe('tagging'); // the scenario below reads and writes tagging's data
    admin = await ownOrganization('Database restart', 10_000);
    as = callAs(admin);
    await pollUntil(
      'inventory knows the plan',
      async () => {
        const answer = await as<UpsertAssetsResponse>('PUT', 'assets', {
          assets: known.map((externalId) => ({ externalId, name: externalId, site: 'us-east-1a' })),
        });
        return answer.status === 200;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await untilCopiesEqual(admin.organizationId);
  });

  it('answers 503 meanwhile, serves again within 15 s in the same process, and loses nothing', async () => {
    const pid = pidOf(service);
    const deadLettered = () => serviceCounter(service, 'inbox_events_total', { outcome: 'dead_lettered' });
    const jobsFailedForGood = () => serviceCounter(service, 'jobs_failed_total', { final: 'true' });
    const importWaits = () => serviceCounter(service, 'jobs_failed_total', { job: 'run-tag-import', final: 'false' });
    const handlerWaits = () => serviceCounter(service, 'inbox_handler_failures_total');
    const counters = async () => ({
      deadLettered: await deadLettered(),
      jobsFailed: await jobsFailedForGood(),
      importWaits: await importWaits(),
      handlerWaits: await handlerWaits(),
    });
    const before = await counters();

    // The import is submitted just before the crash (below): its job is queued or running when the database goes.
    const fileName = `dr-${run}.csv`;
    const rows = Array.from(
      { length: IMPORT_ROWS },
      (_, i) => `dr-${run}-${i},v,,${known[i % KNOWN_ASSETS]}|${known[(i + 1) % KNOWN_ASSETS]}`,
    );
    expect(await uploadTagFile(admin, fileName, `key,value,description,assets\n${rows.join('\n')}\n`)).toBe(200);
    const validation = await as<ImportValidationDto>('GET', `tags/validate/import?fileName=${fileName}`);
    expect(validation.body.valid).toBe(true);

    const tagReads: Answer[] = [];
    const assetReads: Answer[] = [];
    const assetWrites: Answer[] = [];
    const readiness: { at: number; ready: boolean }[] = [];
    let running = true;
    const record = async (into: Answer[], method: 'GET' | 'PUT', route: string, body?: () => unknown) => {
      while (running) {
        const answer = await as(method, route, body?.());
        into.push({ at: Date.now(), status: answer.status, body: answer.body });
        if (method === 'PUT') await sleep(200);
      }
    };
    // New assets all along: tagging's consumer gets their events while its database is away.
    let written = 0;
    const newAssets = () => ({
      assets: Array.from({ length: 10 }, () => {
        const externalId = `dr-${run}-new-${written++}`;
        return { externalId, name: externalId, site: 'us-east-1b' };
      }),
    });
    const load = [
      record(tagReads, 'GET', `tags?search=dr-${run}`),
      record(tagReads, 'GET', 'tags/import'),
      record(assetReads, 'GET', 'assets?pageSize=20&sort=name'),
      record(assetWrites, 'PUT', 'assets', newAssets),
      (async () => {
        while (running) {
          readiness.push({ at: Date.now(), ready: await ready(service) });
          await sleep(250);
        }
      })(),
    ];

    let submitted: { status: number; body: TagImportDto } = { status: 0, body: {} as TagImportDto };
    let crashedAt = 0;
    let startedAt = 0;
    try {
      await sleep(500);
      submitted = await as<TagImportDto>('POST', `tags/import?fileName=${fileName}`);
      crashDatabase();
      crashedAt = Date.now();
      await sleep(DOWN_MS);
    } finally {
      startDatabase();
      startedAt = Date.now();
    }
    let recoveredAt: number | undefined;
    try {
      recoveredAt = await pollUntil(
        `${service} serves again`,
        async () => {
          const after = tagReads.filter((answer) => answer.at > startedAt);
          return after.length >= 10 && after.slice(-10).every((answer) => answer.status === 200) && Date.now();
        },
        { timeoutMs: 60_000, intervalMs: 100 },
      );
    } finally {
      running = false;
      await Promise.all(load);
    }

    const imported = await importEnded(admin, submitted.body.id, CONVERGENCE_BOUND_MS);
    const { at: convergedAt, left } = await whenCopiesEqual(admin.organizationId, CONVERGENCE_BOUND_MS);
    const audits = await queryServiceDatabase<{ count: string }>(
      service,
      `SELECT count(*) FROM tag_audit_log WHERE organization_id = $1 AND activity = 'tags.imported'
          AND detail_params->>'file' = $2`,
      [admin.organizationId, fileName],
    );
    const taggingKnows = await queryServiceDatabase<{ count: string }>(
      service,
      `SELECT count(*) FROM assets WHERE organization_id = $1 AND external_id LIKE $2`,
      [admin.organizationId, `dr-${run}-new-%`],
    );
    const after = await counters();
    const during = (answers: Answer[]) => answers.filter((answer) => answer.at > crashedAt && answer.at < startedAt);
    const failedTagReads = tagReads.filter((answer) => answer.status !== 200);
    const notReadySeen = readiness.some((probe) => !probe.ready && probe.at > crashedAt && probe.at < startedAt);
    const readyAgain = readiness.find((probe) => probe.ready && probe.at > startedAt);
    process.stdout.write(
      `database restarted: ${service}'s cluster down ${startedAt - crashedAt} ms; ${tagReads.length} ${service} ` +
        `reads, ${failedTagReads.length} failed (${during(tagReads).length} during the outage); serving again ` +
        `${recoveredAt ? recoveredAt - startedAt : 'never'} ms after the start, ready again ` +
        `${readyAgain ? readyAgain.at - startedAt : 'never'} ms after it; inventory ${assetReads.length} reads and ` +
        `${assetWrites.length} writes (${written} new assets), ` +
        `${[...assetReads, ...assetWrites].filter((answer) => answer.status !== 200).length} failed; import ` +
        `${imported.status} ${imported.at - startedAt} ms after the start (${imported.recordsImported} records, ` +
        `${audits[0]!.count} audit entries); copies equal ${convergedAt ? convergedAt - startedAt : 'NEVER'} ms ` +
        `after the start; the import's job waited ${after.importWaits - before.importWaits} times and events ` +
        `${after.handlerWaits - before.handlerWaits} times for the database; dead-lettered ` +
        `${after.deadLettered - before.deadLettered}, jobs failed for good ${after.jobsFailed - before.jobsFailed}\n`,
    );

    // Meanwhile: 503 with the standard body, never anything else, and not-ready.
    expect([200, 202]).toContain(submitted.status);
    expect(during(tagReads).length).toBeGreaterThan(0);
    for (const failure of failedTagReads)
      expect(failure).toMatchObject({
        status: 503,
        body: { statusCode: 503, message: MESSAGES.unavailable, code: 'UNAVAILABLE', errorId: expect.any(String) },
      });
    expect(notReadySeen).toBe(true);
    // Back within the bound, by itself.
    expect(recoveredAt! - startedAt).toBeLessThan(RECOVERY_BOUND_MS);
    if (pid !== undefined) expect(pidOf(service)).toBe(pid);
    // The other services did not notice.
    expect([...assetReads, ...assetWrites].every((answer) => answer.status === 200)).toBe(true);
    // Nothing lost, nothing doubled.
    expect(imported).toMatchObject({
      status: 'completed',
      recordsImported: IMPORT_ROWS,
      assignments: 2 * IMPORT_ROWS,
    });
    expect(Number(audits[0]!.count)).toBe(1);
    expect(left).toEqual([]);
    expect(Number(taggingKnows[0]!.count)).toBe(written);
    expect(after.deadLettered - before.deadLettered).toBe(0);
    expect(after.jobsFailed - before.jobsFailed).toBe(0);
  });
});
