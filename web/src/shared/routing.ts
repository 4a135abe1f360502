import { ROUTES } from '../config/routes';

/** The only routes that may stay open when the organization changes (§2). */
export const PERSISTENT_ROUTES: readonly string[] = [ROUTES.home, ROUTES.profile, ROUTES.account];

function normalise(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

export function isPersistentRoute(pathname: string): boolean {
  return PERSISTENT_ROUTES.includes(normalise(pathname));
}

/**
 * Sends the user to home when the current route is not home, profile or account (used when the organization
 * changes, since other pages show another organization's data). Returns whether it navigated.
 */
export function resetRouteIfNeeded(
  pathname: string,
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>,
): boolean {
  if (isPersistentRoute(pathname)) return false;
  void navigate(ROUTES.home, { replace: true });
  return true;
}
