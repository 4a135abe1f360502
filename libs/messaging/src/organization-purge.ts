import type { EntityManager } from 'typeorm';
import type { EventEnvelope, OrganizationChangedPayload } from '@infra/contracts';
import { purgeLockKey } from '@infra/platform';
import { currentEventBatch } from './event-batch';

interface Reference {
  child: string;
  parent: string;
}

/**
 * The tables of this database that hold an organization's rows: every table of the public schema with an
 * `organization_id` column (the catalog decides, so a table added later is covered the day it exists), partitioned
 * tables once through their parent. Children come before the tables they reference, so foreign keys never refuse.
 */
export async function tenantTables(manager: EntityManager): Promise<string[]> {
  const tables = (
    await manager.query<{ name: string }[]>(
      `SELECT c.relname AS name
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND a.attname = 'organization_id' AND NOT a.attisdropped
          AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
    )
  ).map((row) => row.name);
  const references = await manager.query<Reference[]>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
      WHERE k.contype = 'f' AND child.oid <> parent.oid`,
  );
  const ordered: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    // A table nothing left refers to can go now.
    const free = [...left].filter((table) => !references.some((ref) => ref.parent === table && left.has(ref.child)));
    const next = free.length > 0 ? free : [...left]; // a cycle: let the foreign keys' ON DELETE decide
    for (const table of next.sort()) {
      ordered.push(table);
      left.delete(table);
    }
  }
  return ordered;
}

/**
 * Offboarding: deletes every row of the organization from this service's database in the caller's transaction, and
 * records the purge (table → rows deleted) so later events about the organization are ignored (InboxConsumer).
 */
export async function purgeOrganization(
  manager: EntityManager,
  organizationId: string,
): Promise<Record<string, number>> {
  // Alone: the writers that share this lock (every write behind the tenant wall, and holdLiveOrganization) finish
  // first, and later ones see the purge.
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [purgeLockKey(organizationId)]);
  const deleted: Record<string, number> = {};
  for (const table of await tenantTables(manager)) {
    const [, count] = (await manager.query(`DELETE FROM "${table}" WHERE organization_id = $1`, [organizationId])) as [
      unknown,
      number,
    ];
    if (count > 0) deleted[table] = count;
  }
  await manager.query(
    `INSERT INTO purged_organizations (id, rows_deleted) VALUES ($1, $2::jsonb)
     ON CONFLICT (id) DO UPDATE SET purged_at = now(), rows_deleted = EXCLUDED.rows_deleted`,
    [organizationId, JSON.stringify(deleted)],
  );
  return deleted;
}

/**
 * A consumer's answer to `identity.organization.changed.v1`: when the event deletes an organization, purges it and
 * returns its id (tagging then removes its files); otherwise returns undefined. The envelope must name the same
 * organization as the payload: no event reaches across tenants.
 */
export async function purgeDeletedOrganization(
  manager: EntityManager,
  event: EventEnvelope<OrganizationChangedPayload>,
): Promise<string | undefined> {
  const { organizationId, deleted } = event.payload;
  if (!deleted || event.organizationId !== organizationId) return undefined;
  await purgeOrganization(manager, organizationId);
  // The rest of a batch checks again, and finds it purged.
  currentEventBatch()?.notPurged.delete(organizationId);
  return organizationId;
}

/**
 * For a job that writes an organization's derived rows (roll-ups, period sums): shares the organization's purge lock
 * until the transaction ends and answers whether the organization still exists here. A purge then waits for the
 * writer and deletes what it wrote, or the writer, coming after the purge, sees it and writes nothing. Without it, a
 * roll-up in flight while the organization was purged committed its rows after the purge's delete (offboarding left
 * `asset_daily` and `period_windows` rows).
 */
export async function holdLiveOrganization(manager: EntityManager, organizationId: string): Promise<boolean> {
  await manager.query(`SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))`, [purgeLockKey(organizationId)]);
  return !(await isPurged(manager, organizationId));
}

/** Has this service purged the organization? */
export async function isPurged(manager: EntityManager, organizationId: string): Promise<boolean> {
  const rows = await manager.query<unknown[]>(`SELECT 1 FROM purged_organizations WHERE id = $1`, [organizationId]);
  return rows.length > 0;
}
