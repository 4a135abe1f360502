// The Kafka broker goes away while users write (a crash: SIGKILL, then a restart on the same data): every write
// commits meanwhile (the outboxes hold the events), the outboxes drain after the restart, and every service's copy of
// another's data ends equal to its source: compared row by row (count and checksum), not by "no error".
// Short form in `npm test`; `FAULT_KAFKA_DOWN_MS=30000 FAULT_IMPORT_ROWS=5000 FAULT_NEW_ASSETS=1000` for the full one.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  BusinessEventDto,
  CollectionDetailDto,
  ImportValidationDto,
  TagImportDto,
  UpsertAssetsResponse,
} from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { callAs, importEnded, type OrganizationSession, uploadTagFile } from '../e2e/support/api-client';
import { ownOrganization } from './support/own-organization';
import { sleep } from './support/processes';
import { untilCopiesEqual, whenCopiesEqual } from './support/read-model-copies';

jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, '../..');
const KAFKA_PORT = Number((process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',')[0]!.split(':')[1]);
const PID_FILE = path.join(
  process.env.KAFKA_CACHE_DIR ?? path.join(ROOT, '.cache/kafka'),
  `broker-${KAFKA_PORT}`,
  'kafka.pid',
);
const DOWN_MS = Number(process.env.FAULT_KAFKA_DOWN_MS ?? 10_000);
const IMPORT_ROWS = Number(process.env.FAULT_IMPORT_ROWS ?? 500);
const NEW_ASSETS = Number(process.env.FAULT_NEW_ASSETS ?? 200);
const KNOWN_ASSETS = 20;
/** After the restart: the broker's own recovery, the clients' reconnection back-off, then the drain. */
const CONVERGENCE_BOUND_MS = 180_000;

const brokerPid = () => Number(fs.readFileSync(PID_FILE, 'utf8'));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts the broker again on its port and data, as `npm start` and `npm test` do (deploy/scripts/lib/kafka.mjs). */
function restartBroker(): void {
  const started = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { ensureKafka } = await import('./deploy/scripts/lib/kafka.mjs'); await ensureKafka({ port: ${KAFKA_PORT} });`,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 180_000 },
  );
  if (started.status !== 0) throw new Error(`the broker did not start again: ${started.stderr || started.stdout}`);
}

interface Write {
  what: string;
  status: number;
}

describe('the Kafka broker killed while users write', () => {
  let admin: OrganizationSession;
  let as: ReturnType<typeof callAs>;
  const run = randomUUID().slice(0, 8);
  const known = Array.from({ length: KNOWN_ASSETS }, (_, i) => `kf-${run}-${i}`);
  let knownIds: string[] = [];
  let collectionId = '';
  let eventId = '';

  beforeAll(async () => {
    admin = await ownOrganization('Kafka fault', KNOWN_ASSETS + NEW_ASSETS);
    as = callAs(admin);
    // Inventory applies the plan once identity's event reaches it.
    const upserted = await pollUntil(
      'inventory knows the plan',
      async () => {
        const answer = await as<UpsertAssetsResponse>('PUT', 'assets', {
          assets: known.map((externalId) => ({ externalId, name: externalId, site: 'us-east-1a' })),
        });
        return answer.status === 200 && answer.body;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    knownIds = upserted.results.map((result) => result.id);
    const collection = await as<CollectionDetailDto>('POST', 'collections', {
      name: `kf-${run}`,
      assetIds: knownIds.slice(0, 2),
    });
    expect(collection.status).toBe(201);
    collectionId = collection.body.id;
    const hour = (offset: number) => new Date(Math.floor(Date.now() / 3_600_000 + offset) * 3_600_000).toISOString();
    const created = await as<BusinessEventDto>('POST', 'business-events', {
      name: `kf-${run}`,
      startDate: hour(24),
      endDate: hour(48),
      assignment: { collectionIds: [collectionId], tagIds: [], assetIds: [] },
    });
    expect(created.status).toBe(201);
    eventId = created.body.id;
    await untilCopiesEqual(admin.organizationId);
  });

  it('commits every write meanwhile, then every copy converges to its source', async () => {
    const writes: Write[] = [];
    const pid = brokerPid();
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    await pollUntil('the broker is gone', () => !alive(pid), { timeoutMs: 30_000 });
    let restartedAt = 0;
    try {
      // New assets, in batches of 100 as an integration sends them, and renames of known ones.
      for (let first = 0; first < NEW_ASSETS; first += 100) {
        const assets = Array.from({ length: Math.min(100, NEW_ASSETS - first) }, (_, i) => ({
          externalId: `kf-${run}-new-${first + i}`,
          name: `kf-${run}-new-${first + i}`,
          site: 'us-east-1b',
        }));
        writes.push({
          what: `PUT assets (${assets.length} new)`,
          status: (await as('PUT', 'assets', { assets })).status,
        });
      }
      const renamed = known.slice(0, 5).map((externalId) => ({ externalId, name: `${externalId}-renamed` }));
      writes.push({ what: 'PUT assets (5 renamed)', status: (await as('PUT', 'assets', { assets: renamed })).status });
      // The collection the business event follows gains members.
      writes.push({
        what: 'PUT collections/:id/assets',
        status: (await as('PUT', `collections/${collectionId}/assets`, { add: knownIds.slice(2, 6) })).status,
      });
      writes.push({
        what: 'PATCH business-events/:id',
        status: (await as('PATCH', `business-events/${eventId}`, { description: 'edited-while-Kafka-was-down' }))
          .status,
      });
      // A tag import onto assets tagging knew before the fault.
      const fileName = `kf-${run}.csv`;
      const rows = Array.from(
        { length: IMPORT_ROWS },
        (_, i) => `kf-${run}-${i},v,,${known[i % KNOWN_ASSETS]}|${known[(i + 1) % KNOWN_ASSETS]}`,
      );
      writes.push({
        what: 'PUT tag file',
        status: await uploadTagFile(admin, fileName, `key,value,description,assets\n${rows.join('\n')}\n`),
      });
      const validation = await as<ImportValidationDto>('GET', `tags/validate/import?fileName=${fileName}`);
      writes.push({ what: `GET tags/validate/import (valid: ${validation.body.valid})`, status: validation.status });
      const submitted = await as<TagImportDto>('POST', `tags/import?fileName=${fileName}`);
      writes.push({ what: 'POST tags/import', status: submitted.status });
      const imported = await importEnded(admin, submitted.body.id, 180_000);
      writes.push({ what: `tag import ${imported.status} (${imported.assignments} assignments)`, status: 200 });
      expect(imported).toMatchObject({
        status: 'completed',
        recordsImported: IMPORT_ROWS,
        assignments: 2 * IMPORT_ROWS,
      });
      expect(alive(pid)).toBe(false);
      await sleep(Math.max(0, killedAt + DOWN_MS - Date.now()));
    } finally {
      restartBroker();
      restartedAt = Date.now();
    }
    const downMs = restartedAt - killedAt;

    const { at: converged, left } = await whenCopiesEqual(admin.organizationId, CONVERGENCE_BOUND_MS);
    // Events' own derived rows: the event follows the collection's members as they are now (2 before, 4 added).
    const followed = await pollUntil(
      'the business event follows the collection',
      async () => {
        const event = await as<BusinessEventDto>('GET', `business-events/${eventId}`);
        return event.body.assetCount === 6 ? 6 : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    ).catch(async () => (await as<BusinessEventDto>('GET', `business-events/${eventId}`)).body.assetCount);
    process.stdout.write(
      `kafka broker killed: down ${downMs} ms; ${writes.length} writes meanwhile (${NEW_ASSETS} new assets, an ` +
        `import of ${IMPORT_ROWS} rows), ${writes.filter((write) => write.status >= 300).length} failed; every ` +
        `copy equal to its source ${converged ? `${converged - restartedAt} ms after the restart` : 'NEVER'}` +
        `${left.length ? `: ${left.join('; ')}` : ''}; the event follows ${followed} assets\n`,
    );

    expect(writes.filter((write) => write.status >= 300)).toEqual([]);
    expect(left).toEqual([]);
    expect(followed).toBe(6);
  });
});
