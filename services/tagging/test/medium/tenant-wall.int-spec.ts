// Medium tier: tagging's row-level security (issue 23, the second wall), on a scratch PostgreSQL database with the
// real migrations, read and written as a runtime role like the one the service serves as (no superuser, owns nothing).
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { EventBatch, MESSAGING_ENTITIES, tenantTables } from '@infra/messaging';
import { inOrganization } from '@infra/platform';
import { runStatements, tablesOutsideTheWall, walledTestDatabase, wallBreaches } from '@infra/platform/testing';
import { TagImportRepository } from '../../src/tag-import/tag-import.repository';
import { TagsRepository } from '../../src/tags/tags.repository';
import { adminOfNewOrganization, taggingTestDatabase } from './tagging-database';

describe("tagging's tenant wall (row-level security, real PostgreSQL)", () => {
  let walled: Awaited<ReturnType<typeof walledTestDatabase>>;
  let owner: DataSource;
  let app: DataSource;
  const a = adminOfNewOrganization();
  const b = adminOfNewOrganization();
  const tagOf: Record<string, string> = {};
  let tables: string[];

  /** One row of the organization in every tenant table of tagging (as the owner: superuser, beyond the wall). */
  async function seed(actor: typeof a) {
    const organizationId = actor.organizationId;
    const [{ id: tagId }] = (await owner.query(
      `INSERT INTO tags (organization_id, key, value) VALUES ($1, 'env', 'prod') RETURNING id`,
      [organizationId],
    )) as { id: string }[];
    tagOf[organizationId] = tagId;
    const assetId = randomUUID();
    const collectionId = randomUUID();
    const statements: [string, unknown[]][] = [
      [
        `INSERT INTO assets (id, organization_id, name, status) VALUES ($1, $2, 'web', 'Active')`,
        [assetId, organizationId],
      ],
      [
        `INSERT INTO asset_statuses_ahead (asset_id, organization_id, status, status_at) VALUES ($1, $2, 'offline', now())`,
        [randomUUID(), organizationId],
      ],
      [
        `INSERT INTO tag_assets (tag_id, asset_id, organization_id, source) VALUES ($1, $2, $3, 'manual')`,
        [tagId, assetId, organizationId],
      ],
      [
        `INSERT INTO tag_audit_log (organization_id, tag_id, user_id, activity, detail) VALUES ($1, $2, $3, 'Created', '')`,
        [organizationId, tagId, actor.userId],
      ],
      [
        `INSERT INTO tag_imports (organization_id, file_name, sha256, user_id, actor) VALUES ($1, 'tags.csv', 'x', $2, $3)`,
        [organizationId, actor.userId, JSON.stringify(actor)],
      ],
      [
        `INSERT INTO tag_rules (organization_id, account_id, name, tag_id, conditions, created_by)
         VALUES ($1, $2, 'r', $3, '[]', $4)`,
        [organizationId, actor.accountId, tagId, actor.userId],
      ],
      [`INSERT INTO collections (id, organization_id, name) VALUES ($1, $2, 'c')`, [collectionId, organizationId]],
      [
        `INSERT INTO collection_assets (collection_id, asset_id, organization_id) VALUES ($1, $2, $3)`,
        [collectionId, assetId, organizationId],
      ],
    ];
    await runStatements(owner, statements);
  }

  beforeAll(async () => {
    walled = await walledTestDatabase(await taggingTestDatabase(), {
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
    expect(tables.length).toBeGreaterThanOrEqual(8);
    expect(await tablesOutsideTheWall(owner)).toEqual([]);
  });

  it('shows each organization only its own rows in every tenant table, none outside one, all on a named path', async () => {
    expect(await wallBreaches(app, tables, [a.organizationId, b.organizationId])).toEqual([]);
  });

  it('answers a repository query that names another organization with nothing (a forgotten or wrong filter)', async () => {
    const tags = new TagsRepository(app);
    const other = b.organizationId;
    expect(await inOrganization(a.organizationId, () => tags.find(other, tagOf[other]))).toBeUndefined();
    expect(await inOrganization(other, () => tags.find(other, tagOf[other]))).toMatchObject({ id: tagOf[other] });
  });

  it("refuses to write another organization's tag, and deletes none of its rows", async () => {
    await expect(
      inOrganization(a.organizationId, () =>
        app.query(`INSERT INTO tags (organization_id, key, value) VALUES ($1, 'planted', 'x')`, [b.organizationId]),
      ),
    ).rejects.toThrow(/row-level security/);
    const [, deleted] = (await inOrganization(a.organizationId, () =>
      app.query(`DELETE FROM tag_assets WHERE organization_id = $1`, [b.organizationId]),
    )) as [unknown, number];
    expect(deleted).toBe(0);
  });

  it("keeps each event of a consumer's batch (one transaction, several organizations) to its own organization", async () => {
    const batch = new EventBatch();
    const organizationsSeen = (actor: typeof a) =>
      inOrganization(actor.organizationId, () =>
        batch.inTransaction(app, async (manager) => {
          const rows = (await manager.query('SELECT DISTINCT organization_id FROM tags')) as {
            organization_id: string;
          }[];
          return rows.map((row) => row.organization_id);
        }),
      );
    expect(await organizationsSeen(a)).toEqual([a.organizationId]);
    expect(await organizationsSeen(b)).toEqual([b.organizationId]);
    expect(await organizationsSeen(a)).toEqual([a.organizationId]);
    // The batch's work for b at its end runs as b, although the batch's last event was a's.
    inOrganization(b.organizationId, () =>
      batch.effects.beforeCommit(`tag ${b.organizationId}`, 'batched', async (manager, values: string[]) => {
        await manager.query(`INSERT INTO tags (organization_id, key, value) VALUES ($1, 'batch', $2)`, [
          b.organizationId,
          values.join(','),
        ]);
      }),
    );
    await batch.commit();
    const written = (await owner.query(`SELECT organization_id FROM tags WHERE key = 'batch'`)) as {
      organization_id: string;
    }[];
    expect(written).toEqual([{ organization_id: b.organizationId }]);
    await owner.query(`DELETE FROM tags WHERE key = 'batch'`);
  });

  it("refuses, in a consumer's batch, an event's write to another organization", async () => {
    const batch = new EventBatch();
    await inOrganization(b.organizationId, () => batch.inTransaction(app, (manager) => manager.query('SELECT 1')));
    await expect(
      inOrganization(a.organizationId, () =>
        batch.inTransaction(app, (manager) =>
          manager.query(`INSERT INTO tags (organization_id, key, value) VALUES ($1, 'planted', 'x')`, [
            b.organizationId,
          ]),
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    await batch.rollback();
  });

  it("lists every organization's unfinished imports on the sweep's named path, whatever the job's scope", async () => {
    const imports = new TagImportRepository(app);
    const swept = await inOrganization(null, () => imports.unfinished(100));
    expect(swept.map((row) => row.actor.organizationId).sort()).toEqual([a.organizationId, b.organizationId].sort());
  });
});
