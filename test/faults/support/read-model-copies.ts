// The copies other services keep of a source's rows (assets, collection members, tag assignments), compared with the
// source by count and checksum: the fault tests' proof that events were neither lost nor applied out of order.
import { pollUntil } from '@infra/platform/testing';
import { queryServiceDatabase } from '../../e2e/support/service-databases';

/** One copy of a source table: the same rows (as `key` strings) in another service's database. */
interface Copy {
  readonly service: string;
  readonly sql: string;
}
interface Replicated {
  readonly what: string;
  readonly source: Copy;
  readonly copies: readonly Copy[];
}

// Each query answers one `key` per row of the organization ($1); a copy matches when its keys equal the source's.
const assetKeys = `SELECT id || '|' || name || '|' || status AS key FROM assets WHERE organization_id = $1`;
const memberKeys = `SELECT collection_id || '|' || asset_id AS key FROM collection_assets WHERE organization_id = $1`;
const assignmentKeys = `SELECT tag_id || '|' || asset_id AS key FROM asset_tags WHERE organization_id = $1`;
const REPLICATED: readonly Replicated[] = [
  {
    what: 'assets (id, name, status)',
    source: { service: 'inventory', sql: assetKeys },
    copies: ['tagging', 'events', 'analytics'].map((service) => ({ service, sql: assetKeys })),
  },
  {
    what: 'collection members',
    source: { service: 'inventory', sql: memberKeys },
    copies: ['tagging', 'events', 'analytics'].map((service) => ({ service, sql: memberKeys })),
  },
  {
    what: 'tag assignments',
    // System tags' assignments travel too (the dashboards filter by them).
    source: {
      service: 'tagging',
      sql: `SELECT tag_id || '|' || asset_id AS key FROM tag_assets WHERE organization_id = $1`,
    },
    copies: ['inventory', 'events', 'analytics'].map((service) => ({ service, sql: assignmentKeys })),
  },
];

/** Count and md5 of the sorted keys: equal checksums mean the same rows. */
async function checksum(service: string, sql: string, organizationId: string): Promise<string> {
  const [row] = await queryServiceDatabase<{ count: number; md5: string | null }>(
    service,
    `SELECT count(*)::int AS count, md5(string_agg(key, ',' ORDER BY key)) AS md5 FROM (${sql}) k`,
    [organizationId],
  );
  return `${row!.count} rows, md5 ${row!.md5 ?? '-'}`;
}

/** Every copy that differs from its source, as "what in service: copy ≠ source" (the rows of one organization). */
export async function differences(organizationId: string): Promise<string[]> {
  const found: string[] = [];
  for (const { what, source, copies } of REPLICATED) {
    const expected = await checksum(source.service, source.sql, organizationId);
    for (const copy of copies) {
      const actual = await checksum(copy.service, copy.sql, organizationId);
      if (actual !== expected) found.push(`${what} in ${copy.service}: ${actual} ≠ ${source.service}'s ${expected}`);
    }
  }
  return found;
}

/** Waits until every copy has caught up with its source (before a fault: what differs afterwards is the fault's). */
export async function untilCopiesEqual(organizationId: string, timeoutMs = 120_000): Promise<void> {
  await pollUntil(
    'every copy equals its source before the fault',
    async () => {
      const found = await differences(organizationId);
      if (found.length > 0) throw new Error(found.join('; '));
      return true;
    },
    { timeoutMs, intervalMs: 500 },
  );
}

/** When every copy equals its source (after a fault), or undefined past `timeoutMs`, with what still differs. */
export async function whenCopiesEqual(
  organizationId: string,
  timeoutMs: number,
): Promise<{ at: number | undefined; left: string[] }> {
  let left: string[] = [];
  const at = await pollUntil(
    'every copy equals its source',
    async () => {
      left = await differences(organizationId);
      return left.length === 0 ? Date.now() : undefined;
    },
    { timeoutMs, intervalMs: 500 },
  ).catch(() => undefined);
  return { at, left };
}
