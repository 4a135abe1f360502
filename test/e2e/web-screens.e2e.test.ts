/**
 * Browser test of the screens at the widths they were seen broken (1440, 1024 and 390 px): error texts,
 * toasts, the members table beside the open sidebar, the dropdowns on a phone, admin tiles by role, and
 * sign-out by POST.
 */
import type { Locator, Page } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { signInThroughPage } from './support/web-signin';

jest.setTimeout(300_000);

const session = useBrowser();

/** Lets React commit whatever the last answer caused (two animation frames). */
const settle = (page: Page) =>
  page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))');

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
}

const toasts = (page: Page) => page.locator('.notistack-SnackbarContainer [role="alert"]');

describe('password reset', () => {
  it('shows the invalid-link text, not a validator message, for a short bogus token', async () => {
    const { page } = session;
    await page.goto(`${BASE_URL}/reset-password?token=abc`);
    await page.getByLabel('New password', { exact: false }).first().fill('a-long-enough-password-1');
    await page.getByLabel('Confirm new password').fill('a-long-enough-password-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    const error = page.getByTestId('reset-error');
    await error.waitFor({ timeout: WAIT_MS });
    expect(await error.textContent()).toBe('This password reset link is invalid or has expired.');
  });
});

describe('signed in as an Admin', () => {
  beforeEach(async () => {
    await signInThroughPage(session.page, 'admin');
  });

  it('a wrong MFA set-up code shows the inline error and no toast', async () => {
    const { page } = session;
    await page.goto(`${BASE_URL}/admin/account/security`);
    await page.getByRole('button', { name: 'Set up multi-factor authentication' }).click();
    await page.getByTestId('mfa-enrollment').waitFor({ timeout: WAIT_MS });
    await page.getByTestId('mfa-verify-form').getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByTestId('mfa-verify-form').getByRole('alert').waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('mfa-verify-form').getByRole('alert').textContent()).toBe(
      'The verification code is not valid.',
    );
    await settle(page);
    expect(await toasts(page).count()).toBe(0);
  });

  it('at 1024 px with the sidebar open, the members table shows its actions', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${BASE_URL}/admin/account/members`);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.locator('[data-testid="sidebar"][data-state="expanded"]').waitFor({ state: 'attached' });
    const grid = page.getByRole('grid');
    const edit = page.getByRole('menuitem', { name: /^Edit role of / }).first();
    await edit.waitFor({ timeout: WAIT_MS });
    // The sidebar animates for 300 ms and the grid lays its columns out again after: wait for the layout
    // to settle with every action inside the grid (it never does when the columns do not fit).
    const actions = [edit, page.getByRole('menuitem', { name: /^Remove / }).first()];
    await pollUntil(
      'the actions to sit inside the grid beside the open sidebar',
      async () => {
        const sidebar = await box(page.getByTestId('sidebar').locator('.MuiDrawer-paper'));
        if (Math.round(sidebar.width) !== 248) return false;
        const gridBox = await box(grid);
        for (const action of actions) {
          const actionBox = await box(action);
          const right = actionBox.x + actionBox.width;
          if (right > gridBox.x + gridBox.width || right > 1024) return false;
        }
        return true;
      },
      { timeoutMs: WAIT_MS, intervalMs: 100 },
    );
  });

  it('at 390 px the account and organization dropdowns stay reachable', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${BASE_URL}/`);
    await page.getByTestId('home-greeting').waitFor({ timeout: WAIT_MS });
    for (const testId of ['account-select', 'organization-select']) {
      const dropdown = page.getByTestId(testId);
      await dropdown.waitFor({ state: 'visible', timeout: WAIT_MS });
      const { x, width } = await box(dropdown);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(390);
    }
    await page.getByTestId('organization-select').getByRole('combobox').click();
    expect(await page.getByRole('option').count()).toBeGreaterThan(0);
  });

  it.each([1440, 390])('at %i px a toast does not cover the header', async (width) => {
    const { page } = session;
    await page.setViewportSize({ width, height: 844 });
    // A failing list gives a (persistent) error toast in the same place as the success toasts.
    await page.route('**/api/v1/accounts/*/members', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, message: 'x', errorId: 'e2e-toast', code: 'INTERNAL' }),
      }),
    );
    await page.goto(`${BASE_URL}/admin/account/members`);
    const toast = toasts(page).first();
    await toast.waitFor({ timeout: WAIT_MS });
    await settle(page);
    const header = await box(page.getByTestId('app-header'));
    expect((await box(toast)).y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  it('signs out by POST and lands on the signed-out page', async () => {
    const { page } = session;
    const logouts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/logout') logouts.push(request.method());
    });
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL((url) => url.pathname === '/loggedout', { timeout: WAIT_MS });
    await page.getByText('You have been successfully signed out.').waitFor({ timeout: WAIT_MS });
    expect(logouts).toEqual(['POST']);
    expect(await page.title()).toBe('Signed out · Infra Analytics');
    const profile = await page.request.get(`${BASE_URL}/api/v1/users/profile`);
    expect(profile.status()).toBe(401);
  });
});

describe('signed in as a User', () => {
  it('sees no admin tile that leads only to "ask your admin"', async () => {
    const { page } = session;
    await signInThroughPage(page, 'user');
    await page.goto(`${BASE_URL}/admin`);
    await page.getByTestId('admin-section-security').waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('admin-section-members').count()).toBe(0);
  });
});
