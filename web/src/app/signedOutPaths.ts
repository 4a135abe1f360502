import { ROUTES } from '../config/routes';

/**
 * The signed-out pages (sign-in, signed out, password reset): the app opened on one of them is the small signed-out
 * app (no store, API or toasts); any other path loads the whole app.
 */
export const SIGNED_OUT_PATHS: readonly string[] = [
  ROUTES.signIn,
  ROUTES.loggedOut,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
];

export const isSignedOutPath = (pathname: string): boolean => SIGNED_OUT_PATHS.includes(pathname);
