import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each(['/', '/account', '/assets/1?x=2', '/assets/a1#top', '/admin/account/members?page=2', '/views/v1?q=a%2Fb'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it.each([
    // nothing, or not a path
    undefined,
    null,
    '',
    42,
    'account',
    // other sites and schemes
    'https://evil.example',
    'http:/evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    // protocol-relative, and the backslash browsers read as a slash
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    // encoded slashes and backslashes, once and twice
    '/%2Fevil.example',
    '/%2fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%252F%252Fevil.example',
    '/%255Cevil.example',
    '/x/%2e%2e/%2e%2e/evil',
    // control characters, tabs and newlines (browsers drop them: `/\t/evil` becomes `//evil`)
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/%0D%0A/evil.example',
    '/%00',
    '/ /evil.example',
    // dot segments and bad encodings
    '/a/../../evil',
    '/./account',
    '/%E0%A4%A',
    // the API, which would sign out or answer JSON
    '/api',
    '/api/logout',
    '/API/logout',
    '/api?x=1',
    '/%61pi/logout',
    // absurdly long
    `/${'a'.repeat(3000)}`,
  ])('replaces %p with /', (candidate) => {
    expect(safeReturnTo(candidate)).toBe('/');
  });
});
