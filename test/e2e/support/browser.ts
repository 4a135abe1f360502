// Headless Debian Chromium through playwright-core, one fresh context (cookies, storage) per test.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';

export const BROWSER_BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
// A generous bound on one page step: with both cores kept busy (load average 60 and more), the first screen after a
// sign-in has taken over 45 s to draw.
export const WAIT_MS = 90_000;

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/** Registers the jest hooks and returns a handle whose fields are fresh in every test. */
export function useBrowser(): BrowserSession {
  const session = {} as { browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    session.browser = await launchChromium();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    session.context = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    // Clicks and fills too: Playwright's own 30 s bound on an action was passed on a loaded machine (a click waiting
    // for a renderer busy drawing Home).
    session.context.setDefaultTimeout(WAIT_MS);
    session.page = await session.context.newPage();
  });
  afterEach(async () => {
    await session.context?.close();
  });
  return session;
}
