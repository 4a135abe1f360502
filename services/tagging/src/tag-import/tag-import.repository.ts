import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ImportIssueCounts, ImportIssueDto, ImportStatus } from '@infra/contracts';
import { acrossTenants } from '@infra/platform';
import type { Actor } from '../tenant';

export interface TagImportRow {
  id: string;
  file_name: string;
  sha256: string;
  status: ImportStatus;
  user_id: string;
  api_key_id: string | null;
  records_imported: number;
  assignments: number;
  /** A failed import's first issues (TAGGING_LIMITS.importIssuesListedMax); null in the list of imports. */
  issues: ImportIssueDto[] | null;
  issue_count: number | null;
  issue_count_by_field: ImportIssueCounts | null;
  message: string | null;
  created_at: Date;
  completed_at: Date | null;
}

const LISTED_COLUMNS = `id, file_name, sha256, status, user_id, api_key_id, records_imported, assignments, issue_count,
  issue_count_by_field, message, created_at, completed_at`;
const COLUMNS = `${LISTED_COLUMNS}, issues`;

/** How an import ended: completed with its counts, or failed with its issues. */
export type ImportOutcome =
  | { status: 'completed'; recordsImported: number; assignments: number; message: string }
  | {
      status: 'failed';
      issues: ImportIssueDto[];
      issueCount: number;
      issueCountByField: ImportIssueCounts;
      message: string;
    };

/** tag_imports and the look-ups an import file needs; `$1` is always the organization. */
@Injectable()
export class TagImportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** A new import of this content, or undefined when the organization has one already (unique content index). */
  async create(actor: Actor, fileName: string, sha256: string): Promise<TagImportRow | undefined> {
    const [row] = await this.dataSource.query<TagImportRow[]>(
      `INSERT INTO tag_imports (organization_id, file_name, sha256, user_id, api_key_id, actor)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (organization_id, file_name, sha256) DO NOTHING
       RETURNING ${COLUMNS}`,
      [actor.organizationId, fileName, sha256, actor.userId, actor.apiKeyId, JSON.stringify(actor)],
    );
    return row;
  }

  async findByContent(organizationId: string, fileName: string, sha256: string): Promise<TagImportRow | undefined> {
    const [row] = await this.dataSource.query<TagImportRow[]>(
      `SELECT ${COLUMNS} FROM tag_imports WHERE organization_id = $1 AND file_name = $2 AND sha256 = $3`,
      [organizationId, fileName, sha256],
    );
    return row;
  }

  async find(organizationId: string, id: string): Promise<TagImportRow | undefined> {
    const [row] = await this.dataSource.query<TagImportRow[]>(
      `SELECT ${COLUMNS} FROM tag_imports WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    );
    return row;
  }

  /** Past imports without their issues (up to 1000 each, a page of 100 imports would weigh megabytes): the counts. */
  async list(organizationId: string, limit: number): Promise<TagImportRow[]> {
    return this.dataSource.query<TagImportRow[]>(
      `SELECT ${LISTED_COLUMNS}, NULL::jsonb AS issues FROM tag_imports WHERE organization_id = $1 ORDER BY created_at DESC, id LIMIT ${limit}`,
      [organizationId],
    );
  }

  /**
   * Imports of every organization that have not ended, oldest first, with the actor their job runs as: the sweep's
   * one cross-tenant read (it queues each job again; the job works in the import's own organization).
   */
  async unfinished(limit: number): Promise<{ id: string; actor: Actor }[]> {
    return acrossTenants('tag-import-sweep', () =>
      this.dataSource.query<{ id: string; actor: Actor }[]>(
        `SELECT id, actor FROM tag_imports
          WHERE status IN ('queued', 'running') AND actor IS NOT NULL ORDER BY created_at LIMIT ${limit}`,
      ),
    );
  }

  /**
   * An operator's rerun: a failed import is queued again, its outcome cleared (nothing of a failed import was written,
   * so it runs afresh). Found by id alone, in any organization ('import-rerun'); undefined unless it had failed.
   */
  async reopenFailed(id: string): Promise<{ id: string; organizationId: string; actor: Actor } | undefined> {
    const [rows] = await acrossTenants('import-rerun', () =>
      this.dataSource.query<[{ id: string; organizationId: string; actor: Actor }[], number]>(
        `UPDATE tag_imports SET status = 'queued', records_imported = 0, assignments = 0, issues = NULL, message = NULL,
                issue_count = NULL, issue_count_by_field = NULL, completed_at = NULL
          WHERE id = $1 AND status = 'failed' AND actor IS NOT NULL
          RETURNING id, organization_id AS "organizationId", actor`,
        [id],
      ),
    );
    return rows[0];
  }

  /** Marks a queued import running (committed at once, so pollers see it); false when it has ended already. */
  async markRunning(organizationId: string, id: string): Promise<boolean> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affected].
    const [rows] = await this.dataSource.query<[{ id: string }[], number]>(
      `UPDATE tag_imports SET status = 'running'
        WHERE organization_id = $1 AND id = $2 AND status IN ('queued', 'running') RETURNING id`,
      [organizationId, id],
    );
    return rows.length > 0;
  }

  /** Locks the import row for its one transaction; a retried worker waits here, then sees it ended. */
  async lock(manager: EntityManager, organizationId: string, id: string): Promise<TagImportRow | undefined> {
    const [row] = await manager.query<TagImportRow[]>(
      `SELECT ${COLUMNS} FROM tag_imports WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
      [organizationId, id],
    );
    return row;
  }

  /** Ends the import; completed_at is the end, not the transaction's start (which now() would give). */
  async finish(manager: EntityManager, organizationId: string, id: string, outcome: ImportOutcome): Promise<void> {
    await manager.query(
      `UPDATE tag_imports SET status = $3, records_imported = $4, assignments = $5, issues = $6::jsonb, message = $7,
              issue_count = $8, issue_count_by_field = $9::jsonb, completed_at = clock_timestamp()
        WHERE organization_id = $1 AND id = $2`,
      [
        organizationId,
        id,
        outcome.status,
        outcome.status === 'completed' ? outcome.recordsImported : 0,
        outcome.status === 'completed' ? outcome.assignments : 0,
        outcome.status === 'failed' ? JSON.stringify(outcome.issues) : null,
        outcome.message,
        outcome.status === 'failed' ? outcome.issueCount : null,
        outcome.status === 'failed' ? JSON.stringify(outcome.issueCountByField) : null,
      ],
    );
  }

  /** The organization's assets among these external ids, in one query. */
  async assetsByExternalId(
    manager: EntityManager,
    organizationId: string,
    externalIds: readonly string[],
  ): Promise<Map<string, string[]>> {
    const byExternalId = new Map<string, string[]>();
    if (externalIds.length === 0) return byExternalId;
    const rows = await manager.query<{ id: string; external_id: string }[]>(
      `SELECT id, external_id FROM assets WHERE organization_id = $1 AND external_id = ANY($2::text[])`,
      [organizationId, externalIds],
    );
    for (const row of rows) byExternalId.set(row.external_id, [...(byExternalId.get(row.external_id) ?? []), row.id]);
    return byExternalId;
  }
}
