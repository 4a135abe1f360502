import { normalisePipes } from './api-proxy.middleware';
import { DEFAULT_BODY_TYPES, ROUTE_TABLE, RouteMatcher } from './route-table';

describe('gateway route table (spec §7)', () => {
  const matcher = new RouteMatcher();

  it.each([
    ['GET', 'assets', 'inventory'],
    ['GET', 'assets/business-event/impact', 'analytics'],
    ['GET', 'assets/3f1c/workload', 'analytics'],
    ['GET', 'assets/3f1c/system-attributes', 'inventory'],
    ['GET', 'assets/3f1c', 'inventory'],
    ['PUT', 'business-events/impact', 'events'],
    ['GET', 'business-events/target/abc', 'events'],
    ['GET', 'collections/abc/summary', 'analytics'],
    ['GET', 'organizations', 'identity'],
    ['GET', 'organizations/business-overview', 'analytics'],
    ['GET', 's3/tag-upload/tags.csv', 'tagging'],
    ['GET', 'tags/validate/import', 'tagging'],
    ['GET', 'tags/getTagsEvents', 'tagging'],
    ['GET', 'users/profile', 'identity'],
    ['GET', 'views/summary', 'inventory'],
    ['PUT', 'collections/abc/assets', 'inventory'],
    ['GET', 'views/abc', 'inventory'],
  ])('%s %s → %s', (method, path, service) => {
    expect(matcher.match(method, path)?.rule.service).toBe(service);
  });

  it('extracts path parameters and tolerates a trailing slash', () => {
    expect(matcher.match('PATCH', 'tags/42/')?.params).toEqual({ id: '42' });
  });

  it('tells a wrong method (405) from an unknown path (404)', () => {
    expect(matcher.match('DELETE', 'tags')).toBeUndefined();
    expect(matcher.methodsFor('tags')).toEqual(['GET']);
    expect(matcher.methodsFor('nothing/here')).toEqual([]);
  });

  it('has no duplicate method + path', () => {
    const keys = ROUTE_TABLE.map((rule) => `${rule.method} ${rule.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps health endpoints public and organization data behind the organization check', () => {
    expect(matcher.match('GET', 'auth/health')?.rule.access).toBe('public');
    expect(matcher.match('GET', 'tags')?.rule.access).toBe('organization');
  });

  it('serves the AWS integration: Users read it, only Admins change it or start a sync', () => {
    const served = (method: string, path: string) => {
      const rule = matcher.match(method, path)?.rule;
      return rule && { service: rule.service, access: rule.access, minRole: rule.minRole, planned: rule.planned };
    };
    const organization = { service: 'inventory', access: 'organization', planned: undefined };
    expect(served('GET', 'integrations/aws')).toEqual({ ...organization, minRole: 'User' });
    expect(served('PUT', 'integrations/aws')).toEqual({ ...organization, minRole: 'Admin' });
    expect(served('POST', 'integrations/aws/sync')).toEqual({ ...organization, minRole: 'Admin' });
  });

  it('serves business events: every member reads them, only Admins create, change or enter the expected impact', () => {
    const served = (method: string, path: string) => {
      const rule = matcher.match(method, path)?.rule;
      return rule && { service: rule.service, access: rule.access, minRole: rule.minRole, planned: rule.planned };
    };
    const events = { service: 'events', access: 'organization', planned: undefined };
    expect(served('GET', 'business-events')).toEqual({ ...events, minRole: undefined });
    expect(served('GET', 'business-events/abc')).toEqual({ ...events, minRole: undefined });
    expect(served('GET', 'business-events/target/abc')).toEqual({ ...events, minRole: undefined });
    expect(served('POST', 'business-events')).toEqual({ ...events, minRole: 'Admin' });
    expect(served('PATCH', 'business-events/abc')).toEqual({ ...events, minRole: 'Admin' });
    expect(served('PUT', 'business-events/impact')).toEqual({ ...events, minRole: 'Admin' });
    expect(matcher.match('PUT', 'business-events/impact')?.rule.bodyLimitBytes).toBe(8 * 1024 * 1024);
    // Analytics measures the impact and answers it with the expected one.
    expect(served('GET', 'assets/business-event/impact')).toEqual({
      service: 'analytics',
      access: 'organization',
      minRole: undefined,
      planned: undefined,
    });
    expect(ROUTE_TABLE.filter((rule) => rule.planned)).toEqual([]);
  });

  it('encodes | as %7C for the services', () => {
    expect(normalisePipes('/api/v1/tags?tagIds=a|b|c')).toBe('/api/v1/tags?tagIds=a%7Cb%7Cc');
    expect(normalisePipes('/api/v1/tags?tagIds=a%7Cb')).toBe('/api/v1/tags?tagIds=a%7Cb');
  });

  it('prefers the earlier rule: a literal segment listed before a :param wins', () => {
    expect(matcher.match('GET', 'business-events/target/abc')?.rule.path).toBe('business-events/target/:id');
    expect(matcher.match('GET', 'business-events/abc')?.params).toEqual({ id: 'abc' });
    expect(matcher.match('GET', 'accounts/demo')?.rule.path).toBe('accounts/:slug');
  });

  it('matches one segment per parameter and keeps values raw (a bad %-escape is not an error)', () => {
    expect(matcher.match('GET', 'views/a/b')).toBeUndefined();
    expect(matcher.match('GET', 'views/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
    expect(matcher.methodsFor('views/x/')).toEqual(['GET', 'DELETE']);
  });

  it('takes JSON bodies only unless a route lists its own types', () => {
    expect(DEFAULT_BODY_TYPES).toEqual(['application/json']);
    expect(
      ROUTE_TABLE.filter((rule) => rule.bodyTypes).map(({ method, path, bodyTypes }) => ({ method, path, bodyTypes })),
    ).toEqual([
      { method: 'PUT', path: 'files/tag-upload', bodyTypes: ['text/csv'] },
      { method: 'POST', path: 'telemetry', bodyTypes: ['application/json', 'text/csv'] },
    ]);
  });

  it('keeps no Idempotency-Key answer of the one route whose answer is a secret shown once (a new API key)', () => {
    expect(ROUTE_TABLE.filter((rule) => rule.answersSecret).map((rule) => `${rule.method} ${rule.path}`)).toEqual([
      'POST accounts/:id/api-keys',
    ]);
  });
});
