import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { SecurityEventDetail, SecurityEventDto, SecurityEventKind, SecurityEventOutcome } from '@infra/contracts';
import { join, runSql, sql, type Sql } from '@infra/platform';

/** One event as it is written: the accounts it goes to are chosen by the caller of `write`. */
export interface SecurityEventRecord {
  kind: SecurityEventKind;
  outcome: SecurityEventOutcome;
  actorUserId: string | null;
  subject: string | null;
  clientAddress: string | null;
  detail: SecurityEventDetail;
}

/** An event as the API shows it, with the driver's date. */
export type SecurityEventRow = Omit<SecurityEventDto, 'occurredAt'> & { occurredAt: Date };

export interface SecurityEventFilter {
  /** Part of the actor's email, lower case. */
  actor?: string;
  kinds?: SecurityEventKind[];
}

/** Where an event is written: one account, or every account the user belongs to (their sign-ins, MFA, password). */
export type SecurityEventScope = { accountId: string } | { accountsOfUser: string };

/** Every query on the security log; each read is filtered by the account. */
@Injectable()
export class SecurityLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One statement: a row per account of the scope, with the actor's email as it is now (a removed user's entries
   * keep it). In the caller's transaction when given, so the entry and the change it records commit together.
   */
  async write(scope: SecurityEventScope, event: SecurityEventRecord, manager?: EntityManager): Promise<void> {
    const accounts =
      'accountId' in scope
        ? sql`SELECT ${scope.accountId}::uuid AS account_id`
        : sql`SELECT account_id FROM memberships WHERE user_id = ${scope.accountsOfUser}`;
    await runSql(
      manager ?? this.dataSource.manager,
      sql`
        INSERT INTO security_events (account_id, kind, outcome, actor_user_id, actor_email, subject, client_address, detail)
        SELECT target.account_id, ${event.kind}, ${event.outcome}, ${event.actorUserId}::uuid,
               (SELECT email FROM users WHERE id = ${event.actorUserId}::uuid), ${event.subject}, ${event.clientAddress},
               ${JSON.stringify(event.detail)}::jsonb
        FROM (${accounts}) AS target`,
    );
  }

  /** A page of the account's events, newest first, with the total of the filter. */
  async page(
    accountId: string,
    filter: SecurityEventFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: SecurityEventRow[]; total: number }> {
    const where = conditions(accountId, filter);
    const [rows, [count]] = await Promise.all([
      runSql<SecurityEventRow>(
        this.dataSource.manager,
        sql`${selectRows(where)} ORDER BY occurred_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`,
      ),
      runSql<{ total: string }>(this.dataSource.manager, sql`SELECT count(*) AS total FROM security_events ${where}`),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }

  /** The newest `limit` events of the filter, for the CSV export. */
  newest(accountId: string, filter: SecurityEventFilter, limit: number): Promise<SecurityEventRow[]> {
    return runSql<SecurityEventRow>(
      this.dataSource.manager,
      sql`${selectRows(conditions(accountId, filter))} ORDER BY occurred_at DESC, id DESC LIMIT ${limit}`,
    );
  }
}

function conditions(accountId: string, filter: SecurityEventFilter): Sql {
  const parts = [sql`account_id = ${accountId}`];
  if (filter.actor) parts.push(sql`strpos(lower(actor_email), ${filter.actor}) > 0`);
  if (filter.kinds?.length) parts.push(sql`kind = ANY(${filter.kinds}::text[])`);
  return sql`WHERE ${join(parts, ' AND ')}`;
}

function selectRows(where: Sql): Sql {
  return sql`
    SELECT id, occurred_at AS "occurredAt", kind, outcome, actor_user_id AS "actorUserId", actor_email AS "actorEmail",
           subject, client_address AS "clientAddress", detail
    FROM security_events ${where}`;
}
