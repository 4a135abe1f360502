/**
 * The security log of an account (Admin → Account → Security log): who did what to the account's access, from
 * which client address, and whether it succeeded. Shapes shared by identity and the web app.
 */
import type { Page } from './inventory';

/** What happened. A sign-in, MFA change or password reset is recorded in every account of the user it concerns. */
export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'mfa-enabled',
  'mfa-disabled',
  'password-reset-requested',
  'password-reset',
  'member-invited',
  'member-joined',
  'member-removed',
  'role-changed',
  'api-key-created',
  'api-key-revoked',
  'organization-deleted',
  'integration-changed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export type SecurityEventOutcome = 'success' | 'failure';

/**
 * Why a failure failed, or what changed: `reason` for failures (`wrong-password`, `wrong-code`), `from`/`to` for a
 * role change, `role` for an invitation, `name` for an API key or an organization (an integration's organization).
 */
export type SecurityEventDetail = Partial<Record<'reason' | 'from' | 'to' | 'role' | 'name', string>>;

export interface SecurityEventDto {
  id: string;
  /** ISO date-time. */
  occurredAt: string;
  kind: SecurityEventKind;
  outcome: SecurityEventOutcome;
  /** Who acted: the signed-in user (null for an attempt by no one known, e.g. a reset link's holder). */
  actorUserId: string | null;
  actorEmail: string | null;
  /** Whom or what it concerned: a member's email, an API key's name (null when the actor is the subject). */
  subject: string | null;
  /** The client's address as the gateway saw it (behind the trusted proxies). */
  clientAddress: string | null;
  detail: SecurityEventDetail;
}

/** `GET accounts/{id}/security-events` (account Admins): newest first, filtered by actor email and kinds. */
export interface SecurityEventQuery {
  /** Part of the actor's email, case-insensitive. */
  actor?: string;
  /** Comma-separated kinds. */
  kinds?: string;
  page?: number;
  pageSize?: number;
}

export type SecurityEventPage = Page<SecurityEventDto>;

export const SECURITY_LOG_LIMITS = {
  pageSizeMax: 100,
  /** Rows of one CSV export (`GET accounts/{id}/security-events.csv`), newest first. */
  exportRowsMax: 100_000,
  actorFilterMaxLength: 254,
} as const;
