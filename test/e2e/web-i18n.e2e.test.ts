/**
 * Browser test of the language (spec §4, §9): detected from the query string, then the cookie, local
 * storage, session storage, the browser's languages and the html tag, in that order; picked on the sign-in
 * page and kept across reloads. English and French are offered; the sign-in page needs no session.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';

jest.setTimeout(300_000);

const session = useBrowser();

const HEADINGS = { en: 'Sign in', fr: 'Connexion' } as const;
type Language = keyof typeof HEADINGS;

interface Sources {
  query?: Language;
  cookie?: Language;
  localStorage?: Language;
  sessionStorage?: Language;
  /** The browser's language list (navigator.languages). */
  browser?: string;
  /** The lang attribute of the served index.html. */
  htmlTag?: string;
}

/** A context whose browser languages are `browser` (the default one says en-US). */
async function contextFor(browser: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  if (!browser) return { context: session.context, page: session.page };
  const context = await session.browser.newContext({ locale: browser });
  context.setDefaultTimeout(WAIT_MS);
  return { context, page: await context.newPage() };
}

/** Loads /signin with the given language sources and returns the language the page shows. */
async function languageShown(sources: Sources): Promise<{ shown: Language | undefined; htmlLang: string }> {
  const { context, page } = await contextFor(sources.browser);
  try {
    if (sources.cookie) await context.addCookies([{ name: 'i18next', value: sources.cookie, url: BASE_URL }]);
    const storage = { local: sources.localStorage, session: sources.sessionStorage };
    // Page scripts as text: this project's type checking has no DOM.
    await page.addInitScript(
      [
        storage.local ? `window.localStorage.setItem('i18nextLng', ${JSON.stringify(storage.local)});` : '',
        storage.session ? `window.sessionStorage.setItem('i18nextLng', ${JSON.stringify(storage.session)});` : '',
      ].join('\n'),
    );
    if (sources.htmlTag) {
      const htmlTag = sources.htmlTag;
      await page.route(`${BASE_URL}/signin*`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('<html lang="en">', `<html lang="${htmlTag}">`);
        await route.fulfill({ response, body: html });
      });
    }
    await page.goto(`${BASE_URL}/signin${sources.query ? `?lng=${sources.query}` : ''}`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor({ timeout: WAIT_MS });
    const text = (await heading.textContent()) ?? '';
    const shown = (Object.keys(HEADINGS) as Language[]).find((language) => HEADINGS[language] === text);
    const htmlLang = await page.evaluate<string>('document.documentElement.lang');
    return { shown, htmlLang };
  } finally {
    if (context !== session.context) await context.close();
  }
}

describe('language detection order', () => {
  it('defaults to English', async () => {
    expect(await languageShown({})).toEqual({ shown: 'en', htmlLang: 'en' });
  });

  it.each<[string, Sources, Language]>([
    ['the query string', { query: 'fr' }, 'fr'],
    ['the cookie', { cookie: 'fr' }, 'fr'],
    ['local storage', { localStorage: 'fr' }, 'fr'],
    ['session storage', { sessionStorage: 'fr' }, 'fr'],
    ["the browser's languages", { browser: 'fr-FR' }, 'fr'],
    ['the html tag, when the browser asks for no offered language', { browser: 'de-DE', htmlTag: 'fr' }, 'fr'],
  ])('reads %s', async (_source, sources, expected) => {
    expect(await languageShown(sources)).toEqual({ shown: expected, htmlLang: expected });
  });

  it.each<[string, Sources, Language]>([
    ['the query string over the cookie', { query: 'en', cookie: 'fr' }, 'en'],
    ['the cookie over local storage', { cookie: 'en', localStorage: 'fr' }, 'en'],
    ['local storage over session storage', { localStorage: 'en', sessionStorage: 'fr' }, 'en'],
    ["session storage over the browser's languages", { sessionStorage: 'en', browser: 'fr-FR' }, 'en'],
    ["the browser's languages over the html tag", { browser: 'en-US', htmlTag: 'fr' }, 'en'],
  ])('puts %s', async (_order, sources, expected) => {
    expect((await languageShown(sources)).shown).toBe(expected);
  });
});

describe('language picker', () => {
  it('switches the sign-in page to French, and the choice survives a reload and outranks an older cookie', async () => {
    const { context, page } = session;
    await context.addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
    await page.goto(`${BASE_URL}/signin`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Choose the language' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('heading', { name: 'Connexion', level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByLabel('Mot de passe').count()).toBe(1);
    expect(await page.title()).toBe('Connexion · Infra Analytics');
    expect(await page.evaluate<string | null>("window.localStorage.getItem('i18nextLng')")).toBe('fr');
    expect((await context.cookies(BASE_URL)).find((cookie) => cookie.name === 'i18next')?.value).toBe('fr');

    await page.reload();
    await page.getByRole('heading', { name: 'Connexion', level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('fr');
  });
});
