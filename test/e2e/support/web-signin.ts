// Signing a demo user in through the web app's own sign-in page, for the browser tests.
import type { Page } from 'playwright-core';
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
