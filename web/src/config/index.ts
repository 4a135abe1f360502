/**
 * Client constants from the specification (§8, §9). Kept here until the lead folds the shared ones into
 * `@infra/contracts`.
 */
import { BUILD_ENV } from './buildEnv';

/** Same-origin API prefix; login and logout are full-page navigations. */
export const API_BASE_URL = '/api/v1';
export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';
/** Query parameter of the login location and the sign-in page: where to go once signed in. */
export const RETURN_TO_PARAM = 'returnTo';

/**
 * Where users get help (Admin → Account → Manuals, and the pages that say "contact support"): set per deployment when
 * the web app is built (README "Configuration"); an empty value counts as unset.
 */
export const SUPPORT_EMAIL = BUILD_ENV.VITE_SUPPORT_EMAIL || 'support@infra-analytics.example';
export const SUPPORT_URL = BUILD_ENV.VITE_SUPPORT_URL || 'https://support.infra-analytics.example';

/** Request retry limit: 10 attempts in all (the first try plus 9 retries). */
export const MAX_REQUEST_ATTEMPTS = 10;
/**
 * Retry backoff (§9): randomised, growing exponentially from 300 ms with the exponent capped at 5 (RTK Query's
 * default). Each wait is also capped at 3 s, so that a service back up shows its data within seconds instead of
 * after the 10 s waits of the later retries (issue 21 item 9: a minute of placeholders).
 */
export const RETRY_BASE_DELAY_MS = 300;
export const RETRY_MAX_EXPONENT = 5;
export const RETRY_MAX_DELAY_MS = 3000;
/**
 * An outage (a service answering 502/503/504, time-outs, no connection) shows one error toast per service and
 * error: the same again is not shown until that service has answered, or for this long after the last failure.
 */
export const OUTAGE_TOAST_WINDOW_MS = 60_000;
/** Client time-out of one attempt; a time-out is retried. Not shown in the spec: 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Cached query data lifetime, seconds. */
export const KEEP_UNUSED_DATA_FOR_SECONDS = 60;

/** Success toasts close themselves; error and warning toasts stay until closed. */
export const SUCCESS_TOAST_AUTO_HIDE_MS = 5000;
export const MAX_VISIBLE_TOASTS = 4;

/** The home page's highlights carousel turns every 5000 ms (§9). */
export const CAROUSEL_INTERVAL_MS = 5000;

/** Sidebar and collapse transitions. */
export const SIDEBAR_TRANSITION_MS = 300;
export const SIDEBAR_WIDTH_OPEN = 248;
export const SIDEBAR_WIDTH_CLOSED = 64;

/** Local storage keys of the remembered selections. */
export const STORAGE_KEYS = {
  selectedAccount: 'selectedAccount',
  selectedOrganization: 'selectedOrganization',
} as const;

/** Language detection and storage (§4, §9). */
export const DEFAULT_LANGUAGE = 'en';
export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** Each language's name in itself: the picker shows them untranslated, so anyone finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };
export const LANGUAGE_QUERY_PARAM = 'lng';
export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/** Translation load retries: up to 5, from 350 ms doubling, at most 10 parallel reads. */
export const TRANSLATION_MAX_RETRIES = 5;
export const TRANSLATION_RETRY_TIMEOUT_MS = 350;
export const TRANSLATION_MAX_PARALLEL_READS = 10;
