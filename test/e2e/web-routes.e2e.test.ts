/**
 * Browser test of deep links: signed in, every route of spec §2 (and the admin pages) loads directly and
 * survives a reload as the app (its header and the page's heading), never as raw JSON; each page titles the
 * browser tab "<Page> · Infra Analytics". Signed out, the signed-out, sign-in and password pages load and reload
 * the same way, and a page load asks for nothing but the profile.
 */
import { randomUUID } from 'node:crypto';
import type { Cookie } from 'playwright-core';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { signInThroughPage } from './support/web-signin';

jest.setTimeout(300_000);

const id = randomUUID();

/** Each route with the heading (h1) its page shows. */
const ROUTES: [path: string, heading: string][] = [
  ['/', 'Hello Ada!'],
  ['/profile', 'Profile'],
  ['/account', 'Account'],
  ['/widgets', 'Widgets'],
  [`/assets/${id}`, 'Asset'],
  [`/collections/${id}`, 'Collection'],
  [`/views/${id}`, 'View'],
  ['/admin', 'Admin'],
  ['/admin/events', 'Events'],
  ['/admin/views', 'Views'],
  ['/admin/integrations', 'Integrations'],
  [`/admin/logs/${id}`, 'Audit Logs'],
  ['/admin/tag-library', 'Tag Library'],
  ['/admin/tag-library/tag-create', 'Create Tags'],
  ['/admin/tag-library/tag-assign', 'Tag Assignment'],
  ['/admin/tag-library/tag-summary', 'Summary'],
  ['/admin/tag-library/tag-import', 'Tag Import'],
  ['/admin/account', 'Overview'],
  ['/admin/account/members', 'Members'],
  ['/admin/account/security', 'Security'],
  ['/admin/account/security-log', 'Security log'],
  ['/admin/account/subscription', 'Subscription'],
  ['/admin/account/manuals', 'Manuals'],
];

/** The pages outside the default layout, reached signed out: path, heading (h1) and tab title. */
const SIGNED_OUT_ROUTES: [path: string, heading: string, title: string][] = [
  ['/loggedout', 'You have been successfully signed out.', 'Signed out'],
  ['/signin', 'Sign in', 'Sign in'],
  ['/forgot-password', 'Reset your password', 'Reset your password'],
  // The emailed link carries a token; the page checks it only when the form is sent.
  ['/reset-password?token=emailed-token', 'Choose a new password', 'Choose a new password'],
];

const session = useBrowser();

describe('deep links and reloads (§2)', () => {
  // One sign-in for all routes: its session cookies go into each test's fresh browser context.
  let cookies: Cookie[] = [];
  beforeAll(async () => {
    const context = await session.browser.newContext();
    context.setDefaultTimeout(WAIT_MS);
    await signInThroughPage(await context.newPage(), 'admin');
    cookies = await context.cookies();
    await context.close();
  });
  beforeEach(async () => {
    await session.context.addCookies(cookies);
  });

  it.each(ROUTES)('%s loads directly and on reload as the app', async (path, heading) => {
    const { page } = session;
    for (const load of [() => page.goto(`${BASE_URL}${path}`), () => page.reload()]) {
      const response = await load();
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByTestId('app-header').waitFor({ timeout: WAIT_MS });
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: WAIT_MS });
    }
    const title = path === '/' ? 'Home' : heading;
    expect(await page.title()).toBe(`${title} · Infra Analytics`);
  });

  it("keeps the layout when a page's chunk cannot be loaded (a release replaced it), and reloads on request", async () => {
    const { page } = session;
    const gone = '**/static/ProfilePage-*.js';
    await page.route(gone, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(`${BASE_URL}/admin`);
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor({ timeout: WAIT_MS });
    // In-app navigation (the router follows history): only now is the profile page's chunk asked for.
    await page.evaluate(`history.pushState({}, '', '/profile'); dispatchEvent(new PopStateEvent('popstate'))`);
    const failed = page.getByTestId('page-error');
    await failed.waitFor({ timeout: WAIT_MS });
    expect(await failed.textContent()).toContain('Something went wrong, please try again.');
    expect(await page.getByTestId('app-header').count()).toBe(1);

    await page.unroute(gone);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(await failed.count()).toBe(0);
  });
});

describe('signed out', () => {
  it.each(SIGNED_OUT_ROUTES)('%s loads directly and on reload, signed out', async (path, heading, title) => {
    const { page } = session;
    for (const load of [() => page.goto(`${BASE_URL}${path}`), () => page.reload()]) {
      const response = await load();
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: WAIT_MS });
      const { pathname, search } = new URL(page.url());
      expect(`${pathname}${search}`).toBe(path);
    }
    expect(await page.title()).toBe(`${title} · Infra Analytics`);
  });

  // The start-up asks for the profile and the acceptance status in parallel (one round trip for a signed-in user);
  // signed out, both answer 401 and the first sends the browser to sign-in, silently.
  it('a signed-out page load goes to sign-in without a warning about a 401', async () => {
    const { page } = session;
    const apiCalls: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/v1/')) apiCalls.push(pathname);
    });
    page.on('console', (message) => {
      // Chromium's own timing remark on a preload the page took more than 3 s to use: a loaded machine's start-up
      // speed, not a warning of the app's.
      const text = message.text();
      if (message.type() === 'warning' && !/preloaded using link preload but not used within a few seconds/.test(text))
        warnings.push(text);
    });
    await page.goto(`${BASE_URL}/account`);
    await page.waitForURL((url) => url.pathname === '/signin', { timeout: WAIT_MS });
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(apiCalls).toContain('/api/v1/users/profile');
    expect(apiCalls.every((call) => ['/api/v1/users/profile', '/api/v1/users/acceptance-status'].includes(call))).toBe(
      true,
    );
    expect(warnings).toEqual([]);
    expect(await page.title()).toBe('Sign in · Infra Analytics');
  });
});
