import type { Language } from '.';

/**
 * The product's documentation (Admin → Account → Manuals). Apart from index.ts so that vite.config.ts, which
 * generates the markdown pages into the build, reads the same paths without the app's build-time variables.
 */

/** The gateway's OpenAPI pages and its call list: the API is for customers' integrations. */
export const API_DOCS_PATH = '/api/docs';
export const API_INDEX_PATH = '/api/v1';
/** docs/user-guide.md and its translation, as pages. */
export const USER_GUIDE_PATHS: Record<Language, string> = {
  en: '/docs/user-guide.html',
  fr: '/docs/user-guide.fr.html',
};
