import { ROUTES } from '../config/routes';
import { preloadable, type Preloadable } from '../shared/preloadable';

// Shared by both apps (one chunk per page, one load): the signed-out app routes only these.
export const LoggedOutPage = preloadable(() => import('../features/auth/LoggedOutPage'));
export const SignInPage = preloadable(() => import('../features/auth/SignInPage'));
export const ForgotPasswordPage = preloadable(() => import('../features/auth/ForgotPasswordPage'));
export const ResetPasswordPage = preloadable(() => import('../features/auth/ResetPasswordPage'));

export const SIGNED_OUT_PAGES: { path: string; page: Preloadable<object> }[] = [
  { path: ROUTES.loggedOut, page: LoggedOutPage },
  { path: ROUTES.signIn, page: SignInPage },
  { path: ROUTES.forgotPassword, page: ForgotPasswordPage },
  { path: ROUTES.resetPassword, page: ResetPasswordPage },
];
