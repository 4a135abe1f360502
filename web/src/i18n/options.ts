import type { InitOptions } from 'i18next';
import type { DetectorOptions } from 'i18next-browser-languagedetector';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAM,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  TRANSLATION_MAX_PARALLEL_READS,
  TRANSLATION_MAX_RETRIES,
  TRANSLATION_RETRY_TIMEOUT_MS,
} from '../config';
import type { FetchBackendOptions } from './fetchBackend';

/**
 * Language detection (§4): query string, cookie, local storage, session storage, browser, html tag. The
 * language in use is kept in local storage and in the cookie, so a language the user picks also outranks a
 * cookie set earlier.
 */
export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  caches: ['localStorage', 'cookie'],
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' },
  lookupQuerystring: LANGUAGE_QUERY_PARAM,
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupSessionStorage: LANGUAGE_STORAGE_KEY,
};

/** Translations are served as static files from web/public/locales. */
export const backendOptions: FetchBackendOptions = {
  loadPath: '/locales/{{lng}}/{{ns}}.json',
};

/**
 * i18next options. The translation load retry of §9 (up to 5 retries from 350 ms, doubling; at most 10
 * parallel reads) is i18next's own backend connector behaviour, configured here.
 */
export const i18nOptions: InitOptions<FetchBackendOptions> = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  maxRetries: TRANSLATION_MAX_RETRIES,
  retryTimeout: TRANSLATION_RETRY_TIMEOUT_MS,
  maxParallelReads: TRANSLATION_MAX_PARALLEL_READS,
  interpolation: { escapeValue: false },
  detection: detectionOptions,
  backend: backendOptions,
  react: { useSuspense: true },
  showSupportNotice: false,
};
