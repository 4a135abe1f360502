// Headless Debian Chromium through playwright-core, one fresh context (cookies, storage) per test.
// The flags keep Chromium off the network it cannot reach here (background services, QUIC).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const BROWSER_BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
export const WAIT_MS = 15_000;

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/** Registers the jest hooks and returns a handle whose fields are fresh in every test. */
export function useBrowser(): BrowserSession {
  const session = {} as { browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    session.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    session.context = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    session.page = await session.context.newPage();
  });
  afterEach(async () => {
    await session.context?.close();
  });
  return session;
}
