import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '../config';

/**
 * The language the reader sees: the supported language i18next resolved (a browser's `fr-CA` reads `fr`), else the
 * default. Formats, tables, the theme's component texts and the manuals follow it.
 */
export function readerLanguage(i18n: Pick<I18n, 'resolvedLanguage' | 'language'>): Language {
  const resolved = (i18n.resolvedLanguage ?? i18n.language ?? '').slice(0, 2);
  return SUPPORTED_LANGUAGES.find((language) => language === resolved) ?? DEFAULT_LANGUAGE;
}
