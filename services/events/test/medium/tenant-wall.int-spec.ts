// Medium tier: the events service's row-level security (issue 23, the second wall), on a scratch PostgreSQL database
// with the real migrations, read and written as a runtime role like the one the service serves as.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { MESSAGING_ENTITIES, tenantTables } from '@infra/messaging';
import { inOrganization } from '@infra/platform';
import { runStatements, tablesOutsideTheWall, walledTestDatabase, wallBreaches } from '@infra/platform/testing';
import { BusinessEventsRepository } from '../../src/business-events/business-events.repository';
import { eventsTestDatabase } from './events-database';

describe("the events service's tenant wall (row-level security, real PostgreSQL)", () => {
  let walled: Awaited<ReturnType<typeof walledTestDatabase>>;
  let owner: DataSource;
  let app: DataSource;
  const a = randomUUID();
  const b = randomUUID();
  const eventOf: Record<string, string> = {};
  let tables: string[];

  /** One row of the organization in every tenant table (as the owner: superuser, beyond the wall). */
  async function seed(organizationId: string) {
    const [{ id: eventId }] = (await owner.query(
      `INSERT INTO business_events (organization_id, name, start_date, end_date)
       VALUES ($1, 'launch', '2026-03-01', '2026-03-07') RETURNING id`,
      [organizationId],
    )) as { id: string }[];
    eventOf[organizationId] = eventId;
    const [assetId, collectionId, tagId] = [randomUUID(), randomUUID(), randomUUID()];
    const statements: [string, unknown[]][] = [
      [
        `INSERT INTO business_event_rules (business_event_id, organization_id, kind, target_id, position)
         VALUES ($1, $2, 'asset', $3, 0)`,
        [eventId, organizationId, assetId],
      ],
      [
        `INSERT INTO business_event_assets (business_event_id, asset_id, organization_id) VALUES ($1, $2, $3)`,
        [eventId, assetId, organizationId],
      ],
      [
        `INSERT INTO business_event_impacts (business_event_id, asset_id, organization_id, impact_percent)
         VALUES ($1, $2, $3, 10)`,
        [eventId, assetId, organizationId],
      ],
      [
        `INSERT INTO assets (id, organization_id, name, status) VALUES ($1, $2, 'web', 'active')`,
        [assetId, organizationId],
      ],
      [
        `INSERT INTO asset_statuses_ahead (asset_id, organization_id, status, status_at) VALUES ($1, $2, 'offline', now())`,
        [randomUUID(), organizationId],
      ],
      [`INSERT INTO collections (id, organization_id, name) VALUES ($1, $2, 'c')`, [collectionId, organizationId]],
      [
        `INSERT INTO collection_assets (organization_id, collection_id, asset_id) VALUES ($1, $2, $3)`,
        [organizationId, collectionId, assetId],
      ],
      [
        `INSERT INTO tags (id, organization_id, key, value, status) VALUES ($1, $2, 'env', 'prod', 'active')`,
        [tagId, organizationId],
      ],
      [
        `INSERT INTO asset_tags (organization_id, tag_id, asset_id) VALUES ($1, $2, $3)`,
        [organizationId, tagId, assetId],
      ],
    ];
    await runStatements(owner, statements);
  }

  beforeAll(async () => {
    walled = await walledTestDatabase(await eventsTestDatabase(), {
      seed: async (dataSource) => {
        owner = dataSource;
        await seed(a);
        await seed(b);
      },
      entities: MESSAGING_ENTITIES,
      tenantTables,
    });
    ({ app, tables } = walled);
  });

  afterAll(() => walled?.drop());

  it('walls every table that has an organization_id column (the catalog test)', async () => {
    expect(tables.length).toBeGreaterThanOrEqual(9);
    expect(await tablesOutsideTheWall(owner)).toEqual([]);
  });

  it('shows each organization only its own rows in every tenant table, none outside one, all on a named path', async () => {
    expect(await wallBreaches(app, tables, [a, b])).toEqual([]);
  });

  it('answers a repository query that names another organization with nothing (a forgotten or wrong filter)', async () => {
    const events = new BusinessEventsRepository(app);
    expect(await inOrganization(a, () => events.find(b, eventOf[b]))).toBeUndefined();
    expect(await inOrganization(b, () => events.find(b, eventOf[b]))).toMatchObject({ id: eventOf[b] });
  });

  it("refuses to write another organization's event, and changes none of its rows", async () => {
    await expect(
      inOrganization(a, () =>
        app.query(
          `INSERT INTO business_events (organization_id, name, start_date, end_date)
           VALUES ($1, 'planted', '2026-03-01', '2026-03-07')`,
          [b],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    const [, renamed] = (await inOrganization(a, () =>
      app.query(`UPDATE business_events SET name = 'taken' WHERE organization_id = $1`, [b]),
    )) as [unknown, number];
    expect(renamed).toBe(0);
  });
});
