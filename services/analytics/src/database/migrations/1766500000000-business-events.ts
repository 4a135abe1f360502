import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Business events as analytics measures them, fed by the events service (`events.business-event.changed.v1`,
 * `events.business-event.impact-upserted.v1`), and their measured impact. The organization leads every key.
 *
 * - `business_events`: the window (`baseline_start_at` = start − (end − start), stored so that the rollup trigger finds
 *   the events a rolled day touches with one indexed range), `fingerprint` (window, assets and targets: a change of
 *   any clears the measurement), `updated_at` (the newest event applied), and the measurement's bookkeeping:
 *   `measure_requested_at` > `measured_at` (or no measurement) means a measurement is due (the sweep's index).
 * - `business_event_targets`: one row per assignment rule, with the assets it resolves to.
 * - `business_event_impacts`: the measured sums, `scope` 'event' (all its assets), 'target' (`kind` collection, tag or
 *   asset) or 'asset'; replaced as a whole by each measurement.
 */
export class BusinessEvents1766500000000 implements MigrationInterface {
  name = 'BusinessEvents1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE business_events (
        organization_id uuid NOT NULL,
        id uuid NOT NULL,
        name text NOT NULL,
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        baseline_start_at timestamptz NOT NULL,
        fingerprint text NOT NULL,
        updated_at timestamptz NOT NULL,
        measure_requested_at timestamptz NOT NULL,
        measured_at timestamptz,
        PRIMARY KEY (organization_id, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX business_events_window ON business_events (organization_id, end_at, baseline_start_at)`,
    );
    await queryRunner.query(`CREATE INDEX business_events_due ON business_events (measure_requested_at)
      WHERE measured_at IS NULL OR measure_requested_at > measured_at`);
    await queryRunner.query(`
      CREATE TABLE business_event_assets (
        organization_id uuid NOT NULL,
        event_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        PRIMARY KEY (organization_id, event_id, asset_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE business_event_targets (
        organization_id uuid NOT NULL,
        event_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('collection', 'tag', 'asset')),
        target_id uuid NOT NULL,
        name text NOT NULL,
        asset_ids uuid[] NOT NULL,
        PRIMARY KEY (organization_id, event_id, kind, target_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE business_event_expected_impacts (
        organization_id uuid NOT NULL,
        event_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        impact_percent float8 NOT NULL,
        PRIMARY KEY (organization_id, event_id, asset_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE business_event_impacts (
        organization_id uuid NOT NULL,
        event_id uuid NOT NULL,
        scope text NOT NULL CHECK (scope IN ('event', 'target', 'asset')),
        kind text NOT NULL,
        subject_id uuid NOT NULL,
        workload_baseline float8 NOT NULL,
        workload_during float8 NOT NULL,
        cost_baseline float8 NOT NULL,
        cost_during float8 NOT NULL,
        measured_at timestamptz NOT NULL,
        PRIMARY KEY (organization_id, event_id, scope, kind, subject_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'business_event_impacts',
      'business_event_expected_impacts',
      'business_event_targets',
      'business_event_assets',
      'business_events',
    ])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
