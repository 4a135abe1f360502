import { readerLanguage } from './readerLanguage';

describe('readerLanguage', () => {
  it('is the resolved supported language, a regional variant read as its language, else English', () => {
    expect(readerLanguage({ resolvedLanguage: 'fr', language: 'fr-CA' })).toBe('fr');
    expect(readerLanguage({ resolvedLanguage: undefined, language: 'fr-CA' })).toBe('fr');
    expect(readerLanguage({ resolvedLanguage: undefined, language: 'de' })).toBe('en');
    expect(readerLanguage({ resolvedLanguage: undefined, language: undefined as unknown as string })).toBe('en');
  });
});
