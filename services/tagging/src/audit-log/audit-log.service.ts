import { Injectable } from '@nestjs/common';
import type { AuditDetail, AuditLogEntryDto, Page } from '@infra/contracts';
import type { Tenant } from '@infra/platform';
import { legacyDetail } from './audit-detail';
import type { AuditLogQueryDto } from './audit-log.dto';
import { AuditLogRepository, AuditRow } from './audit-log.repository';

/** The stored code and parameters; an entry written before details had codes is read from its sentence. */
function detailOf(row: AuditRow): AuditDetail {
  return row.detail_code !== null && row.detail_params !== null
    ? ({ detailCode: row.detail_code, detailParams: row.detail_params } as AuditDetail)
    : legacyDetail(row.detail);
}

export function toEntry(row: AuditRow): AuditLogEntryDto {
  return {
    id: row.id,
    date: row.created_at.toISOString(),
    userId: row.user_id,
    apiKeyId: row.api_key_id,
    activity: row.activity,
    ...detailOf(row),
    detail: row.detail,
    tagId: row.tag_id,
  };
}

/** Reads the audit log; entries are written by each feature in the transaction of its change. */
@Injectable()
export class AuditLogService {
  constructor(private readonly auditLog: AuditLogRepository) {}

  async list(tenant: Tenant, query: AuditLogQueryDto): Promise<Page<AuditLogEntryDto>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 10;
    const { rows, total } = await this.auditLog.page(
      tenant.organizationId,
      query.id === tenant.organizationId ? undefined : query.id,
      pageSize,
      (page - 1) * pageSize,
    );
    return { items: rows.map(toEntry), total, page, pageSize };
  }
}
