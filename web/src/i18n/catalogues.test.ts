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
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalogue);
}

describe('translation catalogues', () => {
  it('offers English and French', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual(['en', 'fr']);
  });

  it('French has exactly the keys of English', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  it('French keeps every placeholder and tag of the English text, and leaves none empty', () => {
    for (const key of keysOf(en)) {
      expect([key, markersOf(valueAt(fr, key))]).toEqual([key, markersOf(valueAt(en, key))]);
      expect([key, String(valueAt(fr, key)).trim().length > 0]).toEqual([key, true]);
    }
  });
});
