import { safeReturnTo as sameSitePath } from '@infra/contracts';
import { LOGIN_PATH, RETURN_TO_PARAM } from '../config';
import { ROUTES } from '../config/routes';

/** Pages a sign-in must never return to (they would show the sign-in form again, or sign out). */
const NO_RETURN_PATHS: readonly string[] = [
  ROUTES.signIn,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
  ROUTES.loggedOut,
];

/**
 * A same-site path to return to after signing in, or '/': the shared rule of `@infra/contracts` (the one
 * identity applies to `/api/login`), and never a sign-in page.
 */
export function safeReturnTo(candidate: string | null | undefined): string {
  const target = sameSitePath(candidate);
  const path = target.split(/[?#]/)[0] ?? '';
  return NO_RETURN_PATHS.includes(path.replace(/\/+$/, '')) ? '/' : target;
}

/** The login location for a page: `/api/login`, with `returnTo` unless the page is home. */
export function loginUrl(location: { pathname?: string; search?: string } | undefined): string {
  const path = location?.pathname ? `${location.pathname}${location.search ?? ''}` : '/';
  const target = safeReturnTo(path);
  return target === '/' ? LOGIN_PATH : `${LOGIN_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(target)}`;
}
