import { Injectable } from '@nestjs/common';
import {
  SECURITY_LOG_LIMITS,
  type SecurityEventDto,
  type SecurityEventKind,
  type SecurityEventPage,
} from '@infra/contracts';
import { type CallerContext, csvText } from '@infra/platform';
import { AccountAccess } from '../accounts/account-access';
import type { SecurityEventQueryDto } from './security-log.dto';
import { type SecurityEventFilter, type SecurityEventRow, SecurityLogRepository } from './security-log.repository';

/** The account's Admins read their security log a page at a time, or export it as CSV. */
@Injectable()
export class SecurityLogService {
  constructor(
    private readonly repository: SecurityLogRepository,
    private readonly access: AccountAccess,
  ) {}

  async page(caller: CallerContext, accountId: string, query: SecurityEventQueryDto): Promise<SecurityEventPage> {
    await this.access.requireAdmin(caller, accountId);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 10;
    const { rows, total } = await this.repository.page(accountId, filterOf(query), (page - 1) * pageSize, pageSize);
    return { items: rows.map(toDto), total, page, pageSize };
  }

  /** The newest events of the filter as CSV (every cell through the formula-safe writer: emails are user input). */
  async csv(caller: CallerContext, accountId: string, query: SecurityEventQueryDto): Promise<string> {
    await this.access.requireAdmin(caller, accountId);
    const rows = await this.repository.newest(accountId, filterOf(query), SECURITY_LOG_LIMITS.exportRowsMax);
    return csvText([
      ['occurredAt', 'kind', 'outcome', 'actorEmail', 'actorUserId', 'subject', 'clientAddress', 'detail'],
      ...rows.map((row) => [
        row.occurredAt.toISOString(),
        row.kind,
        row.outcome,
        row.actorEmail ?? '',
        row.actorUserId ?? '',
        row.subject ?? '',
        row.clientAddress ?? '',
        Object.entries(row.detail)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
      ]),
    ]);
  }
}

/** The DTO admits only comma-separated known kinds, so the list needs no second check here. */
function filterOf(query: SecurityEventQueryDto): SecurityEventFilter {
  const kinds = query.kinds?.split(',') as SecurityEventKind[] | undefined;
  return { actor: query.actor?.trim().toLowerCase() || undefined, kinds };
}

function toDto(row: SecurityEventRow): SecurityEventDto {
  return { ...row, occurredAt: row.occurredAt.toISOString() };
}
