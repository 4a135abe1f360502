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

  /**
   * Many entries of one actor in one statement, in the caller's transaction (they commit with the change). The
   * entries travel as one JSON document: as five arrays, the driver escaped 25,000 elements for a batch of 5,000 tags
   * in one synchronous step.
   */
  async record(
    manager: EntityManager,
    actor: { organizationId: string; userId: string; apiKeyId: string | null },
    entries: readonly AuditEntry[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const document = JSON.stringify(
      entries.map((entry) => ({
        tagId: entry.tagId,
        activity: entry.activity,
        detail: englishDetail(entry.detail),
        code: entry.detail.detailCode,
        params: entry.detail.detailParams,
      })),
    );
    await manager.query(
      `INSERT INTO tag_audit_log
              (organization_id, user_id, api_key_id, tag_id, activity, detail, detail_code, detail_params)
       SELECT $1, $2, $3, (e->>'tagId')::uuid, e->>'activity', e->>'detail', e->>'code', e->'params'
         FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS entries(e, n)
        ORDER BY entries.n`,
      [actor.organizationId, actor.userId, actor.apiKeyId, document],
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
