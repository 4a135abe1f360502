import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuditActivity, AuditDetail } from '@infra/contracts';
import { englishDetail } from './audit-detail';

/**
 * One entry to record: about one tag (`tagId`) or the organization's tagging as a whole (`tagId` null); what
 * happened as a code with parameters (readers render it in their language).
 */
export interface AuditEntry {
  tagId: string | null;
  activity: AuditActivity;
  detail: AuditDetail;
}

export interface AuditRow {
  id: string;
  tag_id: string | null;
  user_id: string;
  api_key_id: string | null;
  activity: AuditActivity;
  /** The English sentence (the whole detail of entries written before details had codes). */
  detail: string;
  /** Null for entries written before details had codes. */
  detail_code: AuditDetail['detailCode'] | null;
  detail_params: AuditDetail['detailParams'] | null;
  created_at: Date;
}

@Injectable()
export class AuditLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Many entries of one actor in one statement, in the caller's transaction (they commit with the change). */
  async record(
    manager: EntityManager,
    actor: { organizationId: string; userId: string; apiKeyId: string | null },
    entries: readonly AuditEntry[],
  ): Promise<void> {
    if (entries.length === 0) return;
    await manager.query(
      `INSERT INTO tag_audit_log
              (organization_id, user_id, api_key_id, tag_id, activity, detail, detail_code, detail_params)
       SELECT $1, $2, $3, e.tag_id, e.activity, e.detail, e.code, e.params
         FROM unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $8::jsonb[])
              WITH ORDINALITY AS e(tag_id, activity, detail, code, params, n)
        ORDER BY e.n`,
      [
        actor.organizationId,
        actor.userId,
        actor.apiKeyId,
        entries.map((entry) => entry.tagId),
        entries.map((entry) => entry.activity),
        entries.map((entry) => englishDetail(entry.detail)),
        entries.map((entry) => entry.detail.detailCode),
        entries.map((entry) => JSON.stringify(entry.detail.detailParams)),
      ],
    );
  }

  /** A page of the organization's entries (or one tag's), newest first, with the total. */
  async page(
    organizationId: string,
    tagId: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const params: unknown[] = [organizationId];
    let condition = 'organization_id = $1';
    if (tagId) {
      params.push(tagId);
      condition += ` AND tag_id = $2`;
    }
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<AuditRow[]>(
        `SELECT id, tag_id, user_id, api_key_id, activity, detail, detail_code, detail_params, created_at
           FROM tag_audit_log
          WHERE ${condition} ORDER BY created_at DESC, id LIMIT ${limit} OFFSET ${offset}`,
        params,
      ),
      this.dataSource.query<{ total: number }[]>(
        `SELECT count(*)::int AS total FROM tag_audit_log WHERE ${condition}`,
        params,
      ),
    ]);
    return { rows, total };
  }
}
