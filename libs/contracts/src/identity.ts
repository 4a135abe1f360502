/**
 * Identity API shapes (accounts, organizations, users, members, sign-in, MFA), shared by the identity
 * service and the web app. Paths are relative to /api/v1 unless they start with /api.
 */
import type { Role } from './constants';

export type AccountRole = Exclude<Role, 'System Admin'>;

export interface OrganizationDto {
  id: string;
  name: string;
  accountId: string;
  ownerId: string;
  billingContactId: string;
  technicalContactId: string;
  addressLineOne: string;
  addressLineTwo: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  website: string;
  /** The account's name. */
  account: string;
}

export interface AccountDto {
  id: string;
  name: string;
  slug: string;
  bucket: string;
  authClientId: string;
  awsCrossAccountRoleArn: string;
  ownerId: string;
  billingContactId: string;
  technicalContactId: string;
  timeZone: string;
  minWorkloadPercentThreshold: number;
  maxWorkloadPercentThreshold: number;
  /** Subscription plan and its asset limit (Admin → subscription). */
  plan: string;
  assetLimit: number;
  /** The caller's role in this account (System Admins see 'Admin' rights everywhere). */
  role: AccountRole;
  organization: OrganizationDto[];
}

/** The organization's address and website fields, in the order forms show them. */
export const ORGANIZATION_TEXT_FIELDS = [
  'addressLineOne',
  'addressLineTwo',
  'city',
  'state',
  'zipCode',
  'country',
  'website',
] as const;

/** Longest text of each organization field (identity's DTO checks the same). */
export const ORGANIZATION_FIELD_MAX_LENGTHS = {
  name: 120,
  addressLineOne: 200,
  addressLineTwo: 200,
  city: 100,
  state: 100,
  zipCode: 20,
  country: 100,
  website: 200,
} as const satisfies Record<'name' | (typeof ORGANIZATION_TEXT_FIELDS)[number], number>;

/** `POST organizations` (with `accountId`) and `PUT organizations/{id}` bodies: the name and the address. */
export type OrganizationRequest = Pick<OrganizationDto, 'name'> &
  Partial<Pick<OrganizationDto, (typeof ORGANIZATION_TEXT_FIELDS)[number]>>;

/** `POST accounts` (System Admins): the time zone defaults to UTC. */
export interface CreateAccountRequest {
  name: string;
  slug: string;
  timeZone?: string;
  /** The plan's name and asset limit (System Admins set them; default Standard, 1000 assets). */
  plan?: string;
  assetLimit?: number;
}

/** Bounds of a plan: its name's length and the asset limit. */
export const PLAN_LIMITS = { nameMaxLength: 50, assetLimitMax: 10_000_000 } as const;

/** Account names: 1 to 120 characters. Slugs: lowercase letters, digits and inner hyphens, 1 to 64 characters. */
export const ACCOUNT_NAME_MAX_LENGTH = 120;
export const ACCOUNT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export interface UserDto {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  workNumber: string;
  company: string;
  website: string;
  addressLineOne: string;
  addressLineTwo: string;
  city: string;
  country: string;
  zipCode: string;
  timeZone: string;
  systemAdmin: boolean;
  mfaEnabled: boolean;
}

/** `GET users/profile`: the caller, the role in the selected account, and every account with its organizations. */
export interface ProfileDto extends UserDto {
  /** 'System Admin' for platform admins; otherwise the role in the account of `organizationId`/`accountSlug` (or the first account). */
  role: Role;
  accounts: AccountDto[];
}

export interface MemberDto {
  /** Empty for a pending invitation (the user, if any, is not revealed before they accept). */
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
  mfaEnabled: boolean;
  /**
   * 'pending': an invitation not yet accepted (email, role, and the name the inviting Admin typed, possibly empty).
   * Absent on older answers: active.
   */
  status?: 'active' | 'pending';
  /** Set on pending invitations. */
  invitationId?: string;
}

/**
 * `POST users` 202 answer: an invitation was sent. The same whether or not the email belongs to a user, so it
 * says nothing about them; they become a member when they accept.
 */
export interface InvitationSentDto {
  email: string;
  role: AccountRole;
  status: 'pending';
}

/** `GET users/invitations`: the caller's pending invitations. */
export interface PendingInvitationDto {
  id: string;
  accountId: string;
  accountName: string;
  role: AccountRole;
  expiresAt: string;
}

/** `POST users/invitations/{id}/accept` (or `users/invitations/accept` with the mailed token). */
export interface InvitationAcceptedDto {
  accountId: string;
  accountSlug: string;
  role: AccountRole;
}

/** Limits of `POST users/saveUserCustomData` (serialized JSON, UTF-8 bytes). */
export const CUSTOM_DATA_LIMITS = { perCallBytes: 16 * 1024, totalBytes: 64 * 1024 } as const;

/** `POST /api/login` body. `code` is the TOTP (or a recovery code) once the first answer says `mfaRequired`. */
export interface LoginRequest {
  email: string;
  password: string;
  code?: string;
}

/** `POST /api/login` 200 answer. When `mfaRequired` is true no session was started yet. */
export interface LoginResponse {
  mfaRequired: boolean;
  user?: UserDto;
}

/** `POST auth/token` (API clients) answer; also `POST auth/refresh`. */
export interface TokenResponse {
  tokenType: 'Bearer';
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** `GET users/enroll-mfa`: a pending secret until `POST users/verify-mfa` receives its first valid code. */
export interface MfaEnrollmentDto {
  otpauthUri: string;
  /** PNG data URL of the QR code of `otpauthUri`. */
  qrCode: string;
  secret: string;
  recoveryCodes: string[];
}

export interface AcceptanceStatusDto {
  accepted: boolean;
  termsVersion: string;
  privacyVersion: string;
  acceptedAt: string | null;
}

export interface AcceptanceDataDto {
  termsVersion: string;
  privacyVersion: string;
  termsUrl: string;
  privacyUrl: string;
}

export const IDENTITY_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  invalidCode: 'The verification code is not valid.',
  lockedOut: 'Too many sign-in attempts. Try again later.',
  tooManyCodes: 'Too many verification attempts. Try again later.',
  tooManyResets: 'Too many password reset requests. Try again later.',
  mfaAlreadyEnabled: 'MFA is already enabled. Disable it first to enrol a new device.',
  mfaNotStarted: 'Start the enrolment first.',
  mfaNotEnabled: 'MFA is not enabled.',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  passwordRule: 'Password must be at least 12 characters long.',
  lastAdmin: 'An account must keep at least one Admin.',
  thresholdsRule: 'Workload thresholds must be between 0 and 100, with the minimum below the maximum.',
  acceptanceRequired: 'Please accept the terms of service and privacy policy.',
} as const;

export const CURRENT_TERMS_VERSION = '2026-01';
export const CURRENT_PRIVACY_VERSION = '2026-01';

/**
 * Redis key marking a signed-out (or compromised) session: access tokens carry their session id (`sid`),
 * identity sets this key for the access token lifetime, and the gateway refuses tokens of such sessions.
 */
export const revokedSessionKey = (sessionId: string): string => `session:revoked:${sessionId}`;

/**
 * Who lost or gained access, published by identity after the change commits: every gateway drops what it cached
 * about these users, organizations, accounts and API keys, so a revoked key, a removed member or a changed role
 * takes effect at once rather than when the cache expires (which stays the fallback for a missed message).
 */
export interface AccessChange {
  userIds?: string[];
  organizationIds?: string[];
  accountIds?: string[];
  keyIds?: string[];
}

/** The Redis pub/sub channel of access changes; per database, as deployments that share a server use their own. */
export const accessChangesChannel = (redisDb: number): string => `access-changes:${redisDb}`;

/** The access token contract between identity (which issues) and the gateway (which verifies). */
export const ACCESS_TOKEN = {
  issuer: 'infra-analytics',
  audience: 'infra-analytics-api',
  cookie: 'access_token',
} as const;

export const REFRESH_TOKEN_COOKIE = 'refresh_token';
