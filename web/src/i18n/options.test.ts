import { detectionOptions, i18nOptions } from './options';

describe('i18n configuration (spec §4, §9)', () => {
  it('detects the language from query string, cookie, local storage, session storage, browser, html tag', () => {
    expect(detectionOptions.order).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(detectionOptions.caches).toEqual(['localStorage', 'cookie']);
    expect(detectionOptions).toMatchObject({
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
    });
  });

  it('falls back to English and loads translations over HTTP with the spec retry', () => {
    expect(i18nOptions.fallbackLng).toBe('en');
    expect(i18nOptions.backend?.loadPath).toBe('/locales/{{lng}}/{{ns}}.json');
    expect(i18nOptions).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
  });
});
