import { match, MatchFunction } from 'path-to-regexp';
import { ANALYTICS_LIMITS, BUSINESS_EVENT_LIMITS, type Role, type ServiceName, TAGGING_LIMITS } from '@infra/contracts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: `public` needs no sign-in; `user` needs a signed-in user;
 * `organization` also needs the organizationId header of an organization the caller belongs to.
 */
export type Access = 'public' | 'user' | 'organization';

export interface RouteRule {
  method: HttpMethod;
  /** Path below /api/v1; `:name` matches one segment. */
  path: string;
  service: ServiceName;
  access: Access;
  /** Lowest role admitted: the role in the organization's account, or System Admin (platform-wide). */
  minRole?: Role;
  /** In the spec but not served by its service yet: the gateway answers 501 NOT_IMPLEMENTED. */
  planned?: true;
  /** Request body media types accepted (without parameters); JSON only unless a route needs another. */
  bodyTypes?: readonly string[];
  /** A larger body than the gateway's BODY_LIMIT, for the one route that takes files. */
  bodyLimitBytes?: number;
  /**
   * The answer carries a secret shown once (a new API key): it is never kept for Idempotency-Key replays, so the
   * header is ignored here (a retry creates another key, whose secret the client then sees).
   */
  answersSecret?: true;
  /**
   * Answered by the gateway itself (after the same authentication), from internal calls to identity and `service`
   * (the owner of the data): a look-up across the caller's organizations, which no single service can make.
   */
  answeredByGateway?: true;
}

/** Body media types of every route that does not list its own. */
export const DEFAULT_BODY_TYPES: readonly string[] = ['application/json'];

const rule = (
  method: HttpMethod,
  path: string,
  service: ServiceName,
  access: Access,
  minRole?: Role,
  options: Pick<RouteRule, 'bodyTypes' | 'bodyLimitBytes' | 'answersSecret' | 'answeredByGateway'> = {},
): RouteRule => ({
  method,
  path,
  service,
  access,
  ...(minRole ? { minRole } : {}),
  ...options,
});

/** A route of the spec whose owning service does not serve it yet (none today; the gateway's tests use one). */
export const planned = (routeRule: RouteRule): RouteRule => ({ ...routeRule, planned: true });

/** User < Admin < System Admin. */
export const ROLE_RANK: Record<Role, number> = { User: 1, Admin: 2, 'System Admin': 3 };

const ANALYSES = ['system-utilization', 'workload', 'cost-analysis', 'workload-gap-analysis'];

/**
 * The public API (spec §7) and the service owning each call. Order matters: a literal segment is
 * listed before a `:param` route that would also match it.
 */
export const ROUTE_TABLE: readonly RouteRule[] = [
  // Accounts (account-level Admin rights are checked by identity against the account in the path)
  rule('POST', 'accounts', 'identity', 'user', 'System Admin'),
  rule('GET', 'accounts', 'identity', 'user'),
  rule('PUT', 'accounts/:id', 'identity', 'user'),
  rule('DELETE', 'accounts/:id', 'identity', 'user', 'System Admin'),
  rule('GET', 'accounts/:slug', 'identity', 'user'),
  rule('GET', 'accounts/:id/members', 'identity', 'user'),
  rule('DELETE', 'accounts/:id/members/:userId', 'identity', 'user'),
  rule('GET', 'accounts/:id/api-keys', 'identity', 'user'),
  rule('POST', 'accounts/:id/api-keys', 'identity', 'user', undefined, { answersSecret: true }),
  rule('DELETE', 'accounts/:id/api-keys/:keyId', 'identity', 'user'),
  rule('GET', 'accounts/:id/security-events', 'identity', 'user'),
  rule('GET', 'accounts/:id/security-events.csv', 'identity', 'user'),
  // Assets
  rule('GET', 'assets', 'inventory', 'organization'),
  rule('PUT', 'assets', 'inventory', 'organization', 'Admin'),
  // Measured by analytics from its rollups, with the expected impact the events service publishes.
  rule('GET', 'assets/business-event/impact', 'analytics', 'organization'),
  rule('POST', 'assets/update-active-status', 'inventory', 'organization', 'Admin'),
  rule('GET', 'assets/:id', 'inventory', 'organization'),
  ...ANALYSES.map((analysis) => rule('GET', `assets/:id/${analysis}`, 'analytics', 'organization')),
  rule('GET', 'assets/:id/system-attributes', 'inventory', 'organization'),
  rule('GET', 'assets/:id/system-ratings', 'analytics', 'organization'),
  // Auth
  rule('GET', 'auth/health', 'identity', 'public'),
  rule('POST', 'auth/token', 'identity', 'public'),
  rule('POST', 'auth/refresh', 'identity', 'public'),
  // Business events (Admin → Management, like tags: reading for every role, changing for Admins)
  rule('GET', 'business-events', 'events', 'organization'),
  rule('POST', 'business-events', 'events', 'organization', 'Admin'),
  // 100,000 expected impacts per call.
  rule('PUT', 'business-events/impact', 'events', 'organization', 'Admin', {
    bodyLimitBytes: BUSINESS_EVENT_LIMITS.impactBodyMaxBytes,
  }),
  rule('GET', 'business-events/target/:id', 'events', 'organization'),
  rule('GET', 'business-events/:id', 'events', 'organization'),
  rule('PATCH', 'business-events/:id', 'events', 'organization', 'Admin'),
  // Collections
  rule('GET', 'collections', 'inventory', 'organization'),
  rule('POST', 'collections', 'inventory', 'organization', 'Admin'),
  rule('GET', 'collections/:id', 'inventory', 'organization'),
  rule('PATCH', 'collections/:id', 'inventory', 'organization', 'Admin'),
  rule('DELETE', 'collections/:id', 'inventory', 'organization', 'Admin'),
  rule('PUT', 'collections/:id/assets', 'inventory', 'organization', 'Admin'),
  ...ANALYSES.map((analysis) => rule('GET', `collections/:id/${analysis}`, 'analytics', 'organization')),
  rule('GET', 'collections/:id/summary', 'analytics', 'organization'),
  // Integrations and meta
  // Admin → Data (analytics): reading is for every role, changing for Admins
  rule('GET', 'data/telemetry', 'analytics', 'organization'),
  rule('GET', 'data/financial', 'analytics', 'organization'),
  rule('PUT', 'data/financial', 'analytics', 'organization', 'Admin'),
  rule('GET', 'integrations/aws', 'inventory', 'organization', 'User'),
  rule('PUT', 'integrations/aws', 'inventory', 'organization', 'Admin'),
  rule('POST', 'integrations/aws/sync', 'inventory', 'organization', 'Admin'),
  rule('GET', 'meta/sidebar', 'inventory', 'organization'),
  rule('PUT', 'meta/sidebar/favorite', 'inventory', 'organization'),
  // Which of the caller's organizations holds an asset, collection or view (a shared link of another organization);
  // no organizationId header: the gateway searches only the caller's organizations (gateway/src/locate).
  rule('GET', 'locate/:kind/:id', 'inventory', 'user', undefined, { answeredByGateway: true }),
  // Organizations
  rule('GET', 'organizations', 'identity', 'user'),
  rule('POST', 'organizations', 'identity', 'user'),
  ...[...ANALYSES, 'system-ratings', 'business-overview'].map((analysis) =>
    rule('GET', `organizations/${analysis}`, 'analytics', 'organization'),
  ),
  rule('PUT', 'organizations/:id', 'identity', 'user'),
  // Offboarding: the organization and all its data (its name typed in `?name=`).
  rule('DELETE', 'organizations/:id', 'identity', 'user', 'System Admin'),
  // Business rules (`rules/preview` before the `rules/:id` patterns)
  rule('GET', 'rules', 'tagging', 'organization'),
  rule('POST', 'rules/preview', 'tagging', 'organization'),
  rule('POST', 'rules', 'tagging', 'organization', 'Admin'),
  rule('PUT', 'rules/:id', 'tagging', 'organization', 'Admin'),
  rule('DELETE', 'rules/:id', 'tagging', 'organization', 'Admin'),
  rule('POST', 'rules/:id/apply', 'tagging', 'organization', 'Admin'),
  // Upload and download addresses
  rule('GET', 's3/tag-upload/:fileName', 'tagging', 'organization', 'Admin'),
  rule('GET', 's3/tag-download/:fileName', 'tagging', 'organization'),
  // The local file store's signed addresses: the signature is the authorization (like an S3 presigned URL).
  rule('PUT', 'files/tag-upload', 'tagging', 'public', undefined, {
    bodyTypes: ['text/csv'],
    bodyLimitBytes: TAGGING_LIMITS.importFileMaxBytes,
  }),
  rule('GET', 'files/tag-download', 'tagging', 'public'),
  // Stubs (placeholders for the three permission tiers)
  rule('GET', 'stubs/users/service', 'identity', 'organization', 'User'),
  rule('GET', 'stubs/admin/service', 'identity', 'organization', 'Admin'),
  rule('GET', 'stubs/system/service', 'identity', 'user', 'System Admin'),
  // Tags
  rule('GET', 'tags/validate/import', 'tagging', 'organization'),
  rule('POST', 'tags/import', 'tagging', 'organization', 'Admin'),
  rule('GET', 'tags/import', 'tagging', 'organization'),
  rule('GET', 'tags/import/:id', 'tagging', 'organization'),
  rule('POST', 'tags/batch', 'tagging', 'organization', 'Admin'),
  rule('POST', 'tags/batchAssignTags', 'tagging', 'organization', 'Admin'),
  rule('POST', 'tags/assignSystemTag', 'tagging', 'organization', 'Admin'),
  rule('GET', 'tags/getTagsEvents', 'tagging', 'organization'),
  rule('GET', 'tags', 'tagging', 'organization'),
  rule('PATCH', 'tags/:id', 'tagging', 'organization', 'Admin'),
  // Telemetry: 50,000 samples per call, JSON or CSV.
  rule('POST', 'telemetry', 'analytics', 'organization', 'Admin', {
    bodyTypes: ['application/json', 'text/csv'],
    bodyLimitBytes: ANALYTICS_LIMITS.telemetryBodyMaxBytes,
  }),
  // Users
  rule('POST', 'users', 'identity', 'user'),
  rule('GET', 'users/profile', 'identity', 'user'),
  rule('GET', 'users/details/:id', 'identity', 'user'),
  rule('GET', 'users/acceptance-status', 'identity', 'user'),
  rule('POST', 'users/accept-terms', 'identity', 'user'),
  rule('GET', 'users/userAcceptanceData', 'identity', 'user'),
  rule('POST', 'users/saveUserCustomData', 'identity', 'user'),
  rule('GET', 'users/enroll-mfa', 'identity', 'user'),
  rule('POST', 'users/verify-mfa', 'identity', 'user'),
  rule('GET', 'users/reset-password', 'identity', 'public'),
  rule('POST', 'users/reset-password', 'identity', 'public'),
  rule('POST', 'users/disable-mfa', 'identity', 'user'),
  rule('GET', 'users/health', 'identity', 'public'),
  rule('GET', 'users/invitations', 'identity', 'user'),
  rule('POST', 'users/invitations/accept', 'identity', 'user'),
  rule('POST', 'users/invitations/:id/accept', 'identity', 'user'),
  rule('POST', 'users/invitations/:id/decline', 'identity', 'user'),
  rule('PATCH', 'users/:id', 'identity', 'user'),
  // Views
  rule('GET', 'views', 'inventory', 'organization'),
  rule('PATCH', 'views', 'inventory', 'organization'),
  rule('GET', 'views/summary', 'inventory', 'organization'),
  rule('GET', 'views/:id', 'inventory', 'organization'),
  rule('DELETE', 'views/:id', 'inventory', 'organization'),
];

export interface RouteMatch {
  rule: RouteRule;
  params: Record<string, string>;
}

interface CompiledRule {
  rule: RouteRule;
  matches: MatchFunction<Partial<Record<string, string>>>;
}

/** path-to-regexp (Express 5's): one segment per `:name`, an optional trailing slash, raw (undecoded) values. */
function compile(routeRule: RouteRule): CompiledRule {
  return { rule: routeRule, matches: match(routeRule.path, { decode: false, trailing: true }) };
}

/** Finds the rule for a method and a path below /api/v1 (no leading slash, no query string). */
export class RouteMatcher {
  private readonly compiled: CompiledRule[];

  constructor(rules: readonly RouteRule[] = ROUTE_TABLE) {
    this.compiled = rules.map(compile);
  }

  /** The first rule in table order (literal segments are listed before a `:param` that would also match). */
  match(method: string, path: string): RouteMatch | undefined {
    for (const { rule: candidate, matches } of this.compiled) {
      if (candidate.method !== method) continue;
      const found = matches(path);
      if (found) return { rule: candidate, params: { ...found.params } as Record<string, string> };
    }
    return undefined;
  }

  /** Methods allowed on a path, to tell 405 from 404. */
  methodsFor(path: string): string[] {
    return [...new Set(this.compiled.filter(({ matches }) => matches(path) !== false).map(({ rule: r }) => r.method))];
  }
}
