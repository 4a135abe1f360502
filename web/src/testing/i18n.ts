import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import fr from '../../public/locales/fr/translation.json';

/** An i18next instance with the real translations, in English unless told, loaded synchronously (no HTTP). */
export function createTestI18n(language: 'en' | 'fr' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return instance;
}
