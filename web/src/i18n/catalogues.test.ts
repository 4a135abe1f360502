import en from '../../public/locales/en/translation.json';
import fr from '../../public/locales/fr/translation.json';
import { SUPPORTED_LANGUAGES } from '../config';

/** Every key path of a catalogue, e.g. "admin.sections.members.title". */
function keysOf(catalogue: unknown, prefix = ''): string[] {
  if (typeof catalogue !== 'object' || catalogue === null) return [prefix];
  return Object.entries(catalogue).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

/** The {{placeholders}} and <tags> of a text, which a translation must keep. */
const markersOf = (text: unknown) =>
  String(text)
    .match(/\{\{[^}]+\}\}|<\/?\w+>/g)
    ?.sort() ?? [];

function valueAt(catalogue: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], catalogue);
}

/** i18next's plural forms: `tagAssigned_one`, `tagAssigned_other` are the forms of the text `tagAssigned`. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const textOf = (key: string) => key.replace(PLURAL_SUFFIX, '');
const textsOf = (catalogue: unknown) => [...new Set(keysOf(catalogue).map(textOf))];

describe('translation catalogues', () => {
  it('offers English and French', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual(['en', 'fr']);
  });

  it('French has exactly the keys of English (texts with a count: each in its own plural forms)', () => {
    expect(textsOf(fr).sort()).toEqual(textsOf(en).sort());
  });

  it('a text with a count has exactly the plural forms of its language', () => {
    for (const [language, catalogue] of [
      ['en', en],
      ['fr', fr],
    ] as const) {
      const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
      const forms = new Map<string, string[]>();
      for (const key of keysOf(catalogue)) {
        const match = PLURAL_SUFFIX.exec(key);
        if (match) forms.set(textOf(key), [...(forms.get(textOf(key)) ?? []), match[1]!]);
      }
      for (const [text, found] of forms) expect([language, text, found.sort()]).toEqual([language, text, categories]);
    }
  });

  it('French keeps every placeholder and tag of the English text, and leaves none empty', () => {
    for (const key of keysOf(en)) {
      // A plural form French has not (or has alone) is compared with the other form.
      const french = valueAt(fr, key) ?? valueAt(fr, key.replace(PLURAL_SUFFIX, '_other'));
      expect([key, markersOf(french)]).toEqual([key, markersOf(valueAt(en, key))]);
      expect([key, String(french).trim().length > 0]).toEqual([key, true]);
    }
    for (const key of keysOf(fr).filter((key) => valueAt(en, key) === undefined))
      expect([key, markersOf(valueAt(fr, key))]).toEqual([key, markersOf(valueAt(en, textOf(key) + '_other'))]);
  });
});
