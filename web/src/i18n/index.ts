import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FetchBackend, type FetchBackendOptions } from './fetchBackend';
import { i18nOptions } from './options';

let initialised: Promise<unknown> = Promise.resolve();

/**
 * Initialises the app's i18next instance: fetch backend, browser language detector, React binding. `loaded` settles
 * once the translations of the detected language are in (or could not be loaded).
 */
export function initI18n(): { i18n: typeof i18n; loaded: Promise<unknown> } {
  if (!i18n.isInitializing && !i18n.isInitialized) {
    // The page's language follows the app's (screen readers, hyphenation, the browser's translate offer).
    i18n.on('languageChanged', (language) => {
      document.documentElement.lang = i18n.resolvedLanguage ?? language;
    });
    initialised = i18n
      .use(FetchBackend)
      .use(LanguageDetector)
      .use(initReactI18next)
      .init<FetchBackendOptions>(i18nOptions)
      .catch((error: unknown) => console.error('Translations could not be initialised', error));
  }
  return { i18n, loaded: initialised };
}

export default i18n;
