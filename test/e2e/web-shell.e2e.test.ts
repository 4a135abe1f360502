/**
 * Browser test of the web shell (routes, layout, toasts, the 401 rule) against the served web build.
 *
 * BASE_URL points at the product (the gateway, default http://localhost:8080) or at `vite preview`. The shell
 * tests answer `/api/v1/**` in the browser with a fixture profile, so they exercise the web app itself and do not
 * depend on a signed-in session; the signed-out page needs no API at all.
 */
import type { Route } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';

jest.setTimeout(300_000);

const profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  role: 'Admin',
  accounts: [
    {
      id: 'acc-1',
      name: 'Acme Corp',
      slug: 'acme',
      role: 'Admin',
      organization: [
        { id: 'org-1', name: 'Acme Production' },
        { id: 'org-2', name: 'Acme Staging' },
      ],
    },
  ],
};

type ApiHandler = (route: Route) => Promise<void>;

const json =
  (status: number, body: unknown): ApiHandler =>
  (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

const session = useBrowser();

/** The user accepted the current terms: the shell's terms step lets every page through. */
const accepted = { accepted: true, termsVersion: '1', privacyVersion: '1', acceptedAt: '2026-01-01T00:00:00.000Z' };

/** Answers API calls in the browser: the profile with `profileHandler`, the terms as accepted, anything else 404. */
async function stubApi(profileHandler: ApiHandler = json(200, profile)): Promise<void> {
  await session.page.route('**/api/v1/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/api/v1/users/profile') return profileHandler(route);
    if (pathname === '/api/v1/users/acceptance-status') return json(200, accepted)(route);
    return json(404, { statusCode: 404, message: 'Not Found', errorId: 'e2e-404' })(route);
  });
}

describe('web shell', () => {
  it('shows the signed-out page at /loggedout', async () => {
    await session.page.goto(`${BASE_URL}/loggedout`);
    await session.page.getByText('You have been successfully signed out.').waitFor({ timeout: WAIT_MS });
    expect(await session.page.getByTestId('app-header').count()).toBe(0);
  });

  it('shows the not-found page for an unknown path', async () => {
    await stubApi();
    await session.page.goto(`${BASE_URL}/this/path/does-not-exist`);
    await session.page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor({ timeout: WAIT_MS });
    expect(await session.page.getByText('may have been moved or deleted').count()).toBe(1);
  });

  it('renders the shell: header with greeting and selections, and a sidebar that toggles', async () => {
    await stubApi();
    await session.page.goto(`${BASE_URL}/`);
    await session.page.getByRole('heading', { name: 'Hello Ada!' }).waitFor({ timeout: WAIT_MS });
    await session.page.getByText('Welcome back.').waitFor({ timeout: WAIT_MS });

    const header = session.page.getByTestId('app-header');
    // The first account and its first organization are selected on the first profile load.
    await header.getByText('Acme Corp').waitFor({ timeout: WAIT_MS });
    await header.getByText('Acme Production').waitFor({ timeout: WAIT_MS });

    const sidebar = session.page.getByTestId('sidebar');
    const panel = sidebar.locator('.MuiDrawer-paper');
    const toggle = session.page.getByRole('button', { name: 'Toggle sidebar' });
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
    const collapsedWidth = (await panel.boundingBox())?.width ?? 0;
    expect(collapsedWidth).toBeGreaterThan(0);

    await toggle.click();
    await session.page
      .locator('[data-testid="sidebar"][data-state="expanded"]')
      .waitFor({ state: 'attached', timeout: WAIT_MS });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The width animates (300 ms); wait until it has grown and the labels show.
    await pollUntil(
      'the sidebar to expand',
      async () => ((await panel.boundingBox())?.width ?? 0) > collapsedWidth + 100,
      { timeoutMs: WAIT_MS, intervalMs: 50 },
    );
    await panel.getByText('Widgets', { exact: true }).waitFor({ timeout: WAIT_MS });

    await toggle.click();
    await session.page
      .locator('[data-testid="sidebar"][data-state="collapsed"]')
      .waitFor({ state: 'attached', timeout: WAIT_MS });
    await pollUntil(
      'the sidebar to collapse',
      async () => ((await panel.boundingBox())?.width ?? 0) <= collapsedWidth + 1,
      {
        timeoutMs: WAIT_MS,
        intervalMs: 50,
      },
    );
  });

  it('remembers the selected organization in local storage', async () => {
    await stubApi();
    await session.page.goto(`${BASE_URL}/`);
    await session.page.getByTestId('app-header').getByText('Acme Production').waitFor({ timeout: WAIT_MS });
    const stored = await session.page.evaluate<string | null>("window.localStorage.getItem('selectedOrganization')");
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ id: 'org-1', name: 'Acme Production' });
  });

  it('lists the admin sections', async () => {
    await stubApi();
    await session.page.goto(`${BASE_URL}/admin`);
    await session.page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor({ timeout: WAIT_MS });
    for (const group of ['Account', 'Management', 'Rules', 'Data']) {
      expect(await session.page.getByRole('heading', { name: group, level: 2 }).count()).toBe(1);
    }
    for (const section of ['Members', 'Business Rule', 'Telemetry', 'Integrations']) {
      expect(await session.page.getByRole('main').getByText(section, { exact: true }).count()).toBe(1);
    }
  });

  it('shows a failed query as a persistent error toast with the errorId, closable', async () => {
    await stubApi(json(500, { statusCode: 500, message: 'boom', errorId: 'e2e-500' }));
    await session.page.goto(`${BASE_URL}/`);
    const toast = session.page.getByText(
      'An issue occurred retrieving data. If this reoccurs, please contact support. (Error ID: e2e-500)',
    );
    await toast.waitFor({ timeout: WAIT_MS });
    // Without a profile, the greeting has no name.
    await session.page.getByRole('heading', { name: 'Hello!' }).waitFor({ timeout: WAIT_MS });
    await session.page.getByRole('button', { name: 'Close' }).first().click();
    await toast.waitFor({ state: 'detached', timeout: WAIT_MS });
  });

  it('sends the browser to the login location on a 401', async () => {
    await stubApi(json(401, { statusCode: 401, message: 'Unauthorized', errorId: 'e2e-401' }));
    await session.page.route('**/api/login**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>login</title>login page' }),
    );
    await session.page.goto(`${BASE_URL}/`);
    await session.page.waitForURL((url) => url.pathname === '/api/login', { timeout: WAIT_MS });
  });
});
