import type { Role, ServiceName } from '@infra/contracts';

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
}

const rule = (method: HttpMethod, path: string, service: ServiceName, access: Access, minRole?: Role): RouteRule => ({
  method,
  path,
  service,
  access,
  ...(minRole ? { minRole } : {}),
});

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
  // Assets
  rule('GET', 'assets', 'inventory', 'organization'),
  rule('PUT', 'assets', 'inventory', 'organization'),
  rule('GET', 'assets/business-event/impact', 'events', 'organization'),
  rule('POST', 'assets/update-active-status', 'inventory', 'organization'),
  rule('GET', 'assets/:id', 'inventory', 'organization'),
  ...ANALYSES.map((analysis) => rule('GET', `assets/:id/${analysis}`, 'analytics', 'organization')),
  rule('GET', 'assets/:id/system-attributes', 'inventory', 'organization'),
  rule('GET', 'assets/:id/system-ratings', 'analytics', 'organization'),
  // Auth
  rule('GET', 'auth/health', 'identity', 'public'),
  rule('POST', 'auth/token', 'identity', 'public'),
  rule('POST', 'auth/refresh', 'identity', 'public'),
  // Business events
  rule('GET', 'business-events', 'events', 'organization'),
  rule('POST', 'business-events', 'events', 'organization'),
  rule('PUT', 'business-events/impact', 'events', 'organization'),
  rule('GET', 'business-events/target/:id', 'events', 'organization'),
  rule('GET', 'business-events/:id', 'events', 'organization'),
  rule('PATCH', 'business-events/:id', 'events', 'organization'),
  // Collections
  rule('GET', 'collections', 'inventory', 'organization'),
  rule('POST', 'collections', 'inventory', 'organization'),
  rule('GET', 'collections/:id', 'inventory', 'organization'),
  ...ANALYSES.map((analysis) => rule('GET', `collections/:id/${analysis}`, 'analytics', 'organization')),
  rule('GET', 'collections/:id/summary', 'analytics', 'organization'),
  // Integrations and meta
  rule('PUT', 'integrations/aws', 'inventory', 'organization'),
  rule('GET', 'meta/sidebar', 'inventory', 'organization'),
  rule('PUT', 'meta/sidebar/favorite', 'inventory', 'organization'),
  // Organizations
  rule('GET', 'organizations', 'identity', 'user'),
  rule('POST', 'organizations', 'identity', 'user'),
  ...[...ANALYSES, 'system-ratings', 'business-overview'].map((analysis) =>
    rule('GET', `organizations/${analysis}`, 'analytics', 'organization'),
  ),
  rule('PUT', 'organizations/:id', 'identity', 'user'),
  // Upload and download addresses
  rule('GET', 's3/tag-upload/:fileName', 'tagging', 'organization'),
  rule('GET', 's3/tag-download/:fileName', 'tagging', 'organization'),
  // Stubs (placeholders for the three permission tiers)
  rule('GET', 'stubs/users/service', 'identity', 'organization', 'User'),
  rule('GET', 'stubs/admin/service', 'identity', 'organization', 'Admin'),
  rule('GET', 'stubs/system/service', 'identity', 'user', 'System Admin'),
  // Tags
  rule('GET', 'tags/validate/import', 'tagging', 'organization'),
  rule('POST', 'tags/import', 'tagging', 'organization'),
  rule('GET', 'tags/import', 'tagging', 'organization'),
  rule('POST', 'tags/batch', 'tagging', 'organization'),
  rule('POST', 'tags/batchAssignTags', 'tagging', 'organization'),
  rule('POST', 'tags/assignSystemTag', 'tagging', 'organization'),
  rule('GET', 'tags/getTagsEvents', 'tagging', 'organization'),
  rule('GET', 'tags', 'tagging', 'organization'),
  rule('PATCH', 'tags/:id', 'tagging', 'organization'),
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
  rule('PATCH', 'users/:id', 'identity', 'user'),
  // Views
  rule('GET', 'views', 'inventory', 'organization'),
  rule('PATCH', 'views', 'inventory', 'organization'),
  rule('GET', 'views/summary', 'analytics', 'organization'),
  rule('GET', 'views/:id', 'inventory', 'organization'),
];

export interface RouteMatch {
  rule: RouteRule;
  params: Record<string, string>;
}

interface CompiledRule {
  rule: RouteRule;
  regex: RegExp;
  names: string[];
}

function compile(routeRule: RouteRule): CompiledRule {
  const names: string[] = [];
  const source = routeRule.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { rule: routeRule, regex: new RegExp(`^${source}/?$`), names };
}

/** Finds the rule for a method and a path below /api/v1 (no leading slash, no query string). */
export class RouteMatcher {
  private readonly compiled: CompiledRule[];

  constructor(rules: readonly RouteRule[] = ROUTE_TABLE) {
    this.compiled = rules.map(compile);
  }

  match(method: string, path: string): RouteMatch | undefined {
    for (const { rule: candidate, regex, names } of this.compiled) {
      if (candidate.method !== method) continue;
      const found = regex.exec(path);
      if (found) {
        return { rule: candidate, params: Object.fromEntries(names.map((name, index) => [name, found[index + 1]])) };
      }
    }
    return undefined;
  }

  /** Methods allowed on a path, to tell 405 from 404. */
  methodsFor(path: string): string[] {
    return [...new Set(this.compiled.filter(({ regex }) => regex.test(path)).map(({ rule: r }) => r.method))];
  }
}
