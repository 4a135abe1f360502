import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A failed import keeps its first 1000 issues (TAGGING_LIMITS.importIssuesListedMax) and counts the rest, in all and
 * per data field: a file with a million unknown assets used to store (and serve every member) megabytes of issues.
 * Imports that failed before are cut to the same bound here, with their counts.
 */
export class ImportIssueCounts1765300000000 implements MigrationInterface {
  name = 'ImportIssueCounts1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE tag_imports ADD COLUMN issue_count integer, ADD COLUMN issue_count_by_field jsonb`,
    );
    await queryRunner.query(`
      UPDATE tag_imports t
         SET issue_count = jsonb_array_length(t.issues),
             issue_count_by_field = COALESCE(
               (SELECT jsonb_object_agg(field, n)
                  FROM (SELECT e ->> 'dataField' AS field, count(*)::int AS n
                          FROM jsonb_array_elements(t.issues) AS e GROUP BY 1) AS c),
               '{}'::jsonb),
             issues = (SELECT COALESCE(jsonb_agg(e ORDER BY i), '[]'::jsonb)
                         FROM jsonb_array_elements(t.issues) WITH ORDINALITY AS x(e, i) WHERE i <= 1000)
       WHERE t.issues IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE tag_imports DROP COLUMN issue_count, DROP COLUMN issue_count_by_field`);
  }
}
