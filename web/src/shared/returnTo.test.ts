import { loginUrl, safeReturnTo } from './returnTo';

describe('safeReturnTo', () => {
  it.each(['/', '/profile', '/admin/account/members?page=2', '/assets/a1#top'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it.each([
    null,
    undefined,
    '',
    'profile',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/\t/evil.example',
    '/%0D%0A/evil.example',
    'javascript:alert(1)',
    '/api/logout',
    '/api',
    '/signin',
    '/signin?returnTo=/x',
    '/forgot-password',
    '/reset-password?token=t',
    '/loggedout',
  ])('replaces %p with home', (candidate) => {
    expect(safeReturnTo(candidate)).toBe('/');
  });
});

describe('loginUrl', () => {
  it('is the bare login location for home or an unknown page', () => {
    expect(loginUrl({ pathname: '/', search: '' })).toBe('/api/login');
    expect(loginUrl(undefined)).toBe('/api/login');
    expect(loginUrl({})).toBe('/api/login');
  });

  it('carries the page and its query as returnTo', () => {
    expect(loginUrl({ pathname: '/profile', search: '' })).toBe('/api/login?returnTo=%2Fprofile');
    expect(loginUrl({ pathname: '/views/v1', search: '?a=1' })).toBe('/api/login?returnTo=%2Fviews%2Fv1%3Fa%3D1');
  });
});
