import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SecurityEventDetail, SecurityEventKind, SecurityEventOutcome } from '@infra/contracts';
import { asUser, currentClientAddress } from '@infra/platform';
import { type SecurityEventScope, SecurityLogRepository } from './security-log.repository';

/** What a feature says happened; the client address comes from the request being handled. */
export interface SecurityEventInput {
  kind: SecurityEventKind;
  outcome?: SecurityEventOutcome;
  actorUserId: string | null;
  subject?: string | null;
  detail?: SecurityEventDetail;
  /** When the event is recorded outside the request (a job), the address the request had. */
  clientAddress?: string | null;
}

/**
 * Writes the security log of each account: features record what changed an account's access (in their transaction
 * when they have one). `SecurityLogService` reads it.
 */
@Injectable()
export class SecurityLog {
  private readonly logger = new Logger(SecurityLog.name);

  constructor(private readonly repository: SecurityLogRepository) {}

  record(scope: SecurityEventScope, input: SecurityEventInput, manager?: EntityManager): Promise<void> {
    const write = () =>
      this.repository.write(
        scope,
        {
          kind: input.kind,
          outcome: input.outcome ?? 'success',
          actorUserId: input.actorUserId,
          subject: input.subject ?? null,
          clientAddress: input.clientAddress ?? currentClientAddress() ?? null,
          detail: input.detail ?? {},
        },
        manager,
      );
    // A user's own events go to each of their accounts, whoever records them (a sign-in has no caller yet).
    return 'accountsOfUser' in scope && !manager ? asUser(scope.accountsOfUser, write) : write();
  }

  /**
   * For a failed attempt, written without being awaited: the answer to a wrong password must take the same time
   * whether or not the email is a user's. A write that fails is logged, never thrown.
   */
  recordInBackground(scope: SecurityEventScope, input: SecurityEventInput): void {
    // `record` reads the request's client address before its first await, so it is still the request's.
    this.record(scope, input).catch((error: unknown) =>
      this.logger.error({ err: error, kind: input.kind }, 'security log entry not written'),
    );
  }
}
