// Signing a demo user in through the web app's own sign-in page, for the browser tests.
import type { Page } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { DEMO_USERS, type DemoUser } from './api-client';
import { BROWSER_BASE_URL, WAIT_MS } from './browser';

/** Fills the sign-in form as `user` (a user without MFA) and waits for home. */
export async function signInThroughPage(page: Page, user: Exclude<DemoUser, 'mfa'> = 'admin'): Promise<void> {
  const { email, password } = DEMO_USERS[user];
  await page.goto(`${BROWSER_BASE_URL}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: WAIT_MS });
  await page.getByTestId('home-greeting').waitFor({ timeout: WAIT_MS });
}

/** The demo organization with telemetry (the demo fleet's first). */
export const DEMO_ORGANIZATION = 'Demo East';

/** Selects `name` in the header's organization dropdown, unless it is selected already; waits until it shows. */
export async function selectOrganizationInHeader(
  page: Page,
  name: string = DEMO_ORGANIZATION,
  timeoutMs: number = WAIT_MS,
): Promise<void> {
  const dropdown = page.getByTestId('organization-select').getByRole('combobox');
  await dropdown.waitFor({ timeout: timeoutMs });
  if (((await dropdown.textContent()) ?? '').trim() === name) return;
  await dropdown.click();
  // Forced: a toast sliding in over the list must not make the click wait for it.
  await page.getByRole('option', { name, exact: true }).click({ force: true, timeout: timeoutMs });
  await pollUntil(
    `the organization ${name} to be selected`,
    async () => ((await dropdown.textContent()) ?? '').trim() === name,
    { timeoutMs, intervalMs: 100 },
  );
}
