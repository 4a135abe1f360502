/**
 * Browser test of the French pages (issue 21, item 11): the main pages of the app, rendered in French on the demo
 * data, contain no English word of the app's own texts. The English words are those of the English catalogue's
 * values; a word is left out when it is also a word of the French catalogue (the same in both languages: "Date",
 * "Collection", product names such as InfraRating), or a word of the data the page shows (asset, tag, collection,
 * view, organization and user names, which are the user's). So "8 GiB", "Par tag", "Changed the description of…" fail
 * (GiB, tag, changed are not French texts), while "web-0001" or an instance type does not. The detector is proved
 * on the same page in English, where it must find English words. Screenshots at 1440 and 390 px go to
 * .cache/test-results/screens/ (git-ignored).
 */
import { readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser } from './support/browser';
import { scrollToWaiting } from './support/dashboards';
import { signInThroughPage, selectOrganizationInHeader, DEMO_ORGANIZATION } from './support/web-signin';

jest.setTimeout(1_800_000);

const session = useBrowser();

const SCREENS = path.resolve(__dirname, '../../.cache/test-results/screens');
const CATALOGUES = path.resolve(__dirname, '../../web/public/locales');
/** Sixteen pages on the demo data, each loaded in full: generous on a busy machine. */
const LOAD_MS = 120_000;

/** Every text value of a catalogue, without its {{placeholders}} and <tags>. */
function textsOf(catalogue: unknown): string[] {
  if (typeof catalogue === 'string') return [catalogue.replace(/\{\{[^}]*\}\}|<\/?\w+\s*\/?>/g, ' ')];
  if (typeof catalogue !== 'object' || catalogue === null) return [];
  return Object.values(catalogue).flatMap(textsOf);
}

/** The words of a text: runs of letters (accents included), lower-cased; digits and marks separate them. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];

const catalogueWords = (language: 'en' | 'fr') =>
  new Set(
    textsOf(JSON.parse(readFileSync(path.join(CATALOGUES, language, 'translation.json'), 'utf8'))).flatMap(wordsOf),
  );

const FRENCH = catalogueWords('fr');
/** English words of the app's texts that French never uses (one letter says nothing: "a", "x"). */
const ENGLISH_ONLY = new Set([...catalogueWords('en')].filter((word) => word.length > 1 && !FRENCH.has(word)));

/** What the page functions below use of the browser's window (this project's types have no DOM). */
interface BrowserWindow {
  localStorage: { getItem: (key: string) => string | null };
}

/** A GET of the API from the page (same origin, the session's cookie, the selected organization's header). */
function getFromPage<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (target) => {
    const organization = JSON.parse(
      (globalThis as unknown as BrowserWindow).localStorage.getItem('selectedOrganization') ?? '{}',
    ) as { id?: string };
    const response = await fetch(`/api/v1/${target}`, { headers: { organizationid: organization.id ?? '' } });
    if (!response.ok) throw new Error(`GET ${target}: ${response.status}`);
    return (await response.json()) as T;
  }, url);
}

/** The words of the user's data the pages show: names and ids of assets, tags, collections, views, people. */
async function dataWords(page: Page): Promise<Set<string>> {
  const texts: string[] = [];
  const add = (...values: unknown[]) => {
    for (const value of values) if (typeof value === 'string') texts.push(value);
  };
  // A list, or a page of one; a list the caller may not read counts as empty.
  const list = async (url: string) => {
    const answer = await getFromPage<unknown>(page, url).catch(() => []);
    return (Array.isArray(answer) ? answer : ((answer as { items?: unknown[] }).items ?? [])) as Record<
      string,
      unknown
    >[];
  };
  for (const asset of await list('assets?page=1&pageSize=100')) add(...Object.values(asset));
  for (const tag of await list('tags?includeSystemTags=true')) add(tag.key, tag.value, tag.tagId, tag.description);
  for (const collection of await list('collections')) add(collection.name);
  for (const view of await list('views')) add(view.name, view.description);
  for (const event of await list('business-events')) add(event.name, event.description);
  for (const rule of await list('rules')) add(rule.name);
  const profile = await getFromPage<Record<string, unknown>>(page, 'users/profile');
  add(JSON.stringify(profile));
  // The account's members, by name ("Uma User" is a person, not the role).
  const accounts = (profile.accounts ?? []) as { id: string }[];
  for (const account of accounts) add(JSON.stringify(await list(`accounts/${account.id}/members`)));
  return new Set(texts.flatMap(wordsOf));
}

/** The page's visible text and the names it gives controls (aria-label, title, placeholder). */
function pageText(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const named = [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
      .filter((element) => element.getClientRects().length > 0)
      .flatMap((element) => ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''));
    // Code samples (the API's field names, a curl command) are not texts to translate.
    const code = [...document.querySelectorAll('pre, code')].map((element) => element.innerText);
    code.sort((a, b) => b.length - a.length); // a whole sample before a field name it contains
    const text = code.reduce((rest, sample) => rest.split(sample).join(' '), document.body.innerText);
    return [text, document.title, ...named].join('\\n');
  })()`) as Promise<string>;
}

/** The English words of `text`, each with a little of the text around its first occurrence. */
function englishWordsIn(shown: string, data: ReadonlySet<string>): string[] {
  const found = new Map<string, string>();
  // Email addresses and file names are the user's data, whatever words they are made of.
  const text = shown.replace(/[\w.+-]+@[\w.-]+|[\w.-]+\.(?:csv|xlsx|xls|json)\b/gi, ' ');
  for (const match of text.matchAll(/\p{L}+/gu)) {
    const word = match[0].toLowerCase();
    if (!ENGLISH_ONLY.has(word) || data.has(word) || found.has(word)) continue;
    const at = match.index ?? 0;
    found.set(word, `${word} («${text.slice(Math.max(0, at - 30), at + word.length + 30).replace(/\s+/g, ' ')}»)`);
  }
  return [...found.values()];
}

/**
 * Waits until the page has loaded what it shows: the network quiet, then no placeholder, spinner or progress bar
 * left (Home's highlights turn every 5 s, so the text itself is no sign of rest).
 */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: LOAD_MS }).catch(() => undefined);
  // Widgets below the fold are drawn once scrolled to.
  await pollUntil('the page to show its content', async () => (await page.evaluate(scrollToWaiting())) === 0, {
    timeoutMs: LOAD_MS,
    intervalMs: 500,
  });
}

async function setLanguage(page: Page, language: 'en' | 'fr') {
  // The cookie outranks local storage in the detection order (§4): set both.
  await page.context().addCookies([{ name: 'i18next', value: language, url: BASE_URL }]);
  await page.evaluate(`window.localStorage.setItem('i18nextLng', ${JSON.stringify(language)})`);
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await settled(page);
    await page.screenshot({ path: path.join(SCREENS, `fr-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('French pages, signed in as the demo Admin', () => {
  let data: Set<string>;
  let ids: { asset: string; collection: string; view?: string; organization: string };

  beforeEach(async () => {
    const { page } = session;
    // Every wait of this test is generous: sixteen full pages on a machine that may be busy.
    page.setDefaultTimeout(LOAD_MS);
    page.setDefaultNavigationTimeout(LOAD_MS);
    await signInThroughPage(page);
    await selectOrganizationInHeader(page, DEMO_ORGANIZATION, LOAD_MS);
    data = await dataWords(page);
    const organization = JSON.parse(
      ((await page.evaluate("window.localStorage.getItem('selectedOrganization')")) as string | null) ?? '{}',
    ) as { id: string };
    const assets = await getFromPage<{ items: { id: string }[] }>(page, 'assets?page=1&pageSize=1');
    const collections = await getFromPage<{ id: string }[]>(page, 'collections');
    const views = await getFromPage<{ id: string }[]>(page, 'views');
    ids = {
      asset: assets.items[0]!.id,
      collection: collections[0]!.id,
      view: views[0]?.id,
      organization: organization.id,
    };
  });

  it('finds English words on an English page (the detector works)', async () => {
    const { page } = session;
    await setLanguage(page, 'en');
    await page.goto(`${BASE_URL}/admin/financial`);
    await settled(page);
    expect(englishWordsIn(await pageText(page), data).length).toBeGreaterThan(10);
  });

  it('shows no English word of the app on its main pages in French', async () => {
    const { page } = session;
    await setLanguage(page, 'fr');
    const pages: [string, string][] = [
      ['home', '/'],
      ['asset', `/assets/${ids.asset}`],
      ['collection', `/collections/${ids.collection}`],
      ...(ids.view ? ([['view', `/views/${ids.view}`]] as [string, string][]) : []),
      ['admin', '/admin'],
      ['assets', '/admin/assets'],
      ['collections', '/admin/collections'],
      ['views', '/admin/views'],
      ['tag-library', '/admin/tag-library'],
      ['audit-log', `/admin/logs/${ids.organization}`],
      ['events', '/admin/events'],
      ['rules', '/admin/business-rules'],
      ['financial', '/admin/financial'],
      ['telemetry', '/admin/telemetry'],
      ['members', '/admin/account/members'],
      ['profile', '/profile'],
    ];
    const english: Record<string, string[]> = {};
    for (const [name, route] of pages) {
      await page.goto(`${BASE_URL}${route}`);
      await settled(page);
      expect([name, await page.evaluate('document.documentElement.lang')]).toEqual([name, 'fr']);
      const words = englishWordsIn(await pageText(page), data);
      if (words.length > 0) english[name] = words;
      if (['home', 'audit-log', 'financial', 'view', 'views', 'asset'].includes(name)) await screenshot(page, name);
    }
    expect(english).toEqual({});
  });
});
