// Medium test on PostgreSQL: the purge finds every table with an organization_id column (partitioned ones through
// their parent), deletes children before the parents they reference, touches no other organization, and records it.
import { randomUUID } from 'node:crypto';
import { pollUntil } from '@infra/platform/testing';
import { holdLiveOrganization, isPurged, purgeOrganization } from '../src';
import { scratchMessagingDatabase, type ScratchDatabase } from './scratch-database';

let db: ScratchDatabase;
const leaving = randomUUID();
const staying = randomUUID();

beforeAll(async () => {
  db = await scratchMessagingDatabase('infra_it_purge');
  await db.dataSource.query(`
    CREATE TABLE parents (id uuid PRIMARY KEY, organization_id uuid NOT NULL);
    -- No ON DELETE: the purge must delete these first.
    CREATE TABLE children (id uuid PRIMARY KEY, organization_id uuid NOT NULL, parent_id uuid REFERENCES parents(id));
    CREATE TABLE samples (organization_id uuid NOT NULL, at date NOT NULL) PARTITION BY RANGE (at);
    CREATE TABLE samples_2026 PARTITION OF samples FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
    CREATE TABLE settings (id int PRIMARY KEY)`);
  for (const organizationId of [leaving, staying]) {
    const parent = randomUUID();
    await db.dataSource.query(`INSERT INTO parents VALUES ($1, $2)`, [parent, organizationId]);
    await db.dataSource.query(`INSERT INTO children VALUES ($1, $2, $3), ($4, $2, $3)`, [
      randomUUID(),
      organizationId,
      parent,
      randomUUID(),
    ]);
    await db.dataSource.query(`INSERT INTO samples VALUES ($1, '2026-05-01'), ($1, '2026-06-01')`, [organizationId]);
  }
});

afterAll(() => db?.drop());

it('deletes every row of the organization, children first, and only of that one', async () => {
  const deleted = await db.dataSource.transaction((manager) => purgeOrganization(manager, leaving));
  expect(deleted).toEqual({ children: 2, parents: 1, samples: 2 });
  const left = async (organizationId: string) =>
    (
      await db.dataSource.query<{ n: number }[]>(
        `SELECT (SELECT count(*) FROM parents WHERE organization_id = $1)
              + (SELECT count(*) FROM children WHERE organization_id = $1)
              + (SELECT count(*) FROM samples WHERE organization_id = $1) AS n`,
        [organizationId],
      )
    )[0].n;
  expect([Number(await left(leaving)), Number(await left(staying))]).toEqual([0, 5]);
  expect(await isPurged(db.dataSource.manager, leaving)).toBe(true);
  expect(await isPurged(db.dataSource.manager, staying)).toBe(false);
  // Again (a redelivered deletion): nothing left to delete, no error.
  expect(await db.dataSource.transaction((manager) => purgeOrganization(manager, leaving))).toEqual({});
});

it("waits for a writer of the organization's derived rows in flight, deletes what it wrote, and stops later ones", async () => {
  const organizationId = randomUUID();
  const parent = randomUUID();
  let commitWriter!: () => void;
  const writerMayCommit = new Promise<void>((resolve) => (commitWriter = resolve));
  let writerHolds!: () => void;
  const writerHoldsLock = new Promise<void>((resolve) => (writerHolds = resolve));
  // A roll-up in flight: it holds the organization, then writes after the purge has started.
  const writer = db.dataSource.transaction(async (manager) => {
    expect(await holdLiveOrganization(manager, organizationId)).toBe(true);
    writerHolds();
    await writerMayCommit;
    await manager.query(`INSERT INTO parents VALUES ($1, $2)`, [parent, organizationId]);
  });
  await writerHoldsLock;
  const purge = db.dataSource.transaction((manager) => purgeOrganization(manager, organizationId));
  // The purge waits on the writer's lock (state, not time: its backend is seen waiting on an advisory lock).
  await pollUntil('the purge waits for the writer', async () => {
    const [{ waiting }] = await db.dataSource.query<{ waiting: number }[]>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
    );
    return waiting > 0 || undefined;
  });
  commitWriter();
  await writer;
  expect(await purge).toEqual({ parents: 1 });
  const [{ n }] = await db.dataSource.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM parents WHERE organization_id = $1`,
    [organizationId],
  );
  expect(n).toBe(0);
  // A writer that comes after the purge is told the organization is gone.
  expect(await db.dataSource.transaction((manager) => holdLiveOrganization(manager, organizationId))).toBe(false);
});
