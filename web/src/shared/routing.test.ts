import { isPersistentRoute, resetRouteIfNeeded } from './routing';

describe('resetRouteIfNeeded (spec §2)', () => {
  it.each(['/', '/profile', '/account', '/profile/', '/Account', '/account?tab=1'])('keeps the user on %s', (path) => {
    const navigate = jest.fn();
    expect(resetRouteIfNeeded(path, navigate)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['/admin', '/assets/123', '/views/v1', '/admin/tag-library/tag-import', '/profiles', '/accounting'])(
    'sends the user home from %s',
    (path) => {
      const navigate = jest.fn();
      expect(resetRouteIfNeeded(path, navigate)).toBe(true);
      expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    },
  );

  it('knows the persistent routes', () => {
    expect(isPersistentRoute('/profile')).toBe(true);
    expect(isPersistentRoute('/widgets')).toBe(false);
  });
});
