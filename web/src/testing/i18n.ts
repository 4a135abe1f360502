import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';

/** An i18next instance with the real English translations, loaded synchronously (no HTTP). */
export function createTestI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return instance;
}
