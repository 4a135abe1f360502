import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inventory enforces each account's asset limit from `identity.organization.changed.v1`, whose events now carry it.
 * Events written before did not: publish every organization once more with its account's limit (through the outbox,
 * as any event), so an existing installation's organizations are limited too. Consumers apply such an event as the
 * current state it is.
 */
export class OrganizationPlansPublished1764200000000 implements MigrationInterface {
  name = 'OrganizationPlansPublished1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A new installation has nothing to publish yet.
    const [{ any }] = (await queryRunner.query(`SELECT EXISTS (SELECT 1 FROM organizations) AS any`)) as {
      any: boolean;
    }[];
    if (!any) return;
    // A CTE: each organization's event id is drawn once and used twice.
    await queryRunner.query(`
      WITH e AS MATERIALIZED (
        SELECT gen_random_uuid() AS event_id, o.id, o.account_id, o.name, a.asset_limit
          FROM organizations o JOIN accounts a ON a.id = o.account_id)
      INSERT INTO outbox (event_id, topic, message_key, envelope, headers)
      SELECT e.event_id, 'identity.organization.changed.v1', e.id::text,
             jsonb_build_object(
               'eventId', e.event_id, 'type', 'identity.organization.changed.v1',
               'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'accountId', e.account_id, 'organizationId', e.id, 'actorId', NULL,
               'payload', jsonb_build_object('organizationId', e.id, 'accountId', e.account_id, 'name', e.name,
                                             'deleted', false, 'assetLimit', e.asset_limit)),
             '{}'::jsonb
        FROM e`);
  }

  async down(): Promise<void> {
    // Published events cannot be taken back; nothing was changed in the tables.
  }
}
