/**
 * Browser test of the identity screens against the REAL running product with its demo data (no request
 * mocking): sign-in with MFA, the account and organization dropdowns and their persistence, sign-out, an
 * expired session, and a wrong password.
 *
 * BASE_URL points at the product (the gateway, default http://localhost:8080). Demo data (local only): account
 * "Demo Account" (organizations "Demo East" and "Demo West") and "Acme Corp" ("Acme Main"); mfa@demo.local is
 * an Admin of Demo Account and a User of Acme Corp, enrolled in MFA with the TOTP secret below.
 */
import { authenticator } from 'otplib';
import type { Page } from 'playwright-core';
import { DEMO_MFA_SECRET, DEMO_USERS } from './support/api-client';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';

const MFA_USER = { ...DEMO_USERS.mfa, secret: DEMO_MFA_SECRET };
const ADMIN_USER = DEMO_USERS.admin;

const TEXTS = {
  invalidCredentials: 'Invalid email or password.',
  invalidCode: 'The verification code is not valid.',
  signedOut: 'You have been successfully signed out.',
};

// Browser sign-ins with MFA wait out a TOTP step and then render Home: minutes on a loaded machine.
jest.setTimeout(300_000);

const session = useBrowser();

const pathnameOf = (target: Page) => new URL(target.url()).pathname;

/** Codes already sent by this test run: a TOTP code is accepted once, so a reused one waits for the next step. */
const usedCodes = new Set<string>();

async function freshTotp(secret: string): Promise<string> {
  let code = authenticator.generate(secret);
  if (usedCodes.has(code)) {
    await new Promise((resolve) => setTimeout(resolve, (authenticator.timeRemaining() + 1) * 1000));
    code = authenticator.generate(secret);
  }
  usedCodes.add(code);
  return code;
}

async function fillCredentials(email: string, password: string): Promise<void> {
  await session.page.goto(`${BASE_URL}/signin`);
  await session.page.locator('input[name="email"]').fill(email);
  await session.page.locator('input[name="password"]').fill(password);
  await session.page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Leaves /signin for the app (home, or the acceptance page for a user who has not accepted the terms). */
async function waitUntilSignedIn(): Promise<void> {
  await session.page.waitForURL((url) => url.pathname !== '/signin', { timeout: WAIT_MS });
}

/**
 * Signs in through the sign-in page: password, then the TOTP code step. A code the server refuses (already
 * used in this 30-second step, e.g. by another suite) is retried once with the next step's code.
 */
async function signInWithMfa(): Promise<void> {
  await fillCredentials(MFA_USER.email, MFA_USER.password);
  const codeField = session.page.locator('input[name="code"]');
  await codeField.waitFor({ timeout: WAIT_MS });
  expect(await session.page.locator('input[name="password"]').count()).toBe(0);
  for (let attempt = 1; ; attempt += 1) {
    await codeField.fill(await freshTotp(MFA_USER.secret));
    await session.page.getByRole('button', { name: 'Verify', exact: true }).click();
    const outcome = await Promise.race([
      session.page
        .waitForURL((url) => url.pathname !== '/signin', { timeout: WAIT_MS })
        .then(() => 'signed-in' as const),
      session.page
        .getByText(TEXTS.invalidCode)
        .waitFor({ timeout: WAIT_MS })
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'signed-in') return;
    if (attempt >= 2) throw new Error('The TOTP code was refused twice');
    await new Promise((resolve) => setTimeout(resolve, (authenticator.timeRemaining() + 1) * 1000));
  }
}

/** The text shown by a header dropdown (its combobox). */
async function dropdownText(testId: 'account-select' | 'organization-select'): Promise<string> {
  return ((await session.page.getByTestId(testId).getByRole('combobox').textContent()) ?? '').trim();
}

async function waitForDropdown(testId: 'account-select' | 'organization-select', text: string): Promise<void> {
  try {
    await pollUntil(`${testId} to read ${text}`, async () => (await dropdownText(testId)) === text, {
      timeoutMs: WAIT_MS,
      intervalMs: 100,
    });
  } catch {
    throw new Error(`${testId} shows "${await dropdownText(testId)}", expected "${text}"`);
  }
}

async function choose(testId: 'account-select' | 'organization-select', option: string): Promise<void> {
  await session.page.getByTestId(testId).getByRole('combobox').click();
  await session.page.getByRole('option', { name: option, exact: true }).click();
  await session.page.getByRole('listbox').waitFor({ state: 'detached', timeout: WAIT_MS });
}

async function storedSelection(key: 'selectedAccount' | 'selectedOrganization'): Promise<{ name?: string }> {
  const raw = await session.page.evaluate<string | null>(`window.localStorage.getItem(${JSON.stringify(key)})`);
  return JSON.parse(raw ?? '{}') as { name?: string };
}

interface ProfileAccounts {
  accounts: { name: string; slug: string; organization: { name: string }[] }[];
}

/** The signed-in user's profile, read with the browser context's session cookies. */
async function profileOfSession(): Promise<ProfileAccounts> {
  const response = await session.context.request.get(`${BASE_URL}/api/v1/users/profile`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ProfileAccounts;
}

describe('identity screens (real product, demo data)', () => {
  it('signs in with MFA, switches account and organization, keeps them across a reload, and signs out', async () => {
    await signInWithMfa();
    await session.page.waitForURL((url) => url.pathname === '/', { timeout: WAIT_MS });
    const greeting = session.page.getByTestId('home-greeting');
    await session.page.getByText('Welcome back.').waitFor({ timeout: WAIT_MS });
    await pollUntil(
      'the greeting with the user name',
      async () => /^Hello .+!$/.test((await greeting.textContent()) ?? ''),
      {
        timeoutMs: WAIT_MS,
        intervalMs: 100,
      },
    );

    // The first load selects the first account and its first organization.
    const profile = await profileOfSession();
    const first = profile.accounts[0];
    expect(first).toBeDefined();
    await waitForDropdown('account-select', first?.name ?? '');
    await waitForDropdown('organization-select', first?.organization[0]?.name ?? '');

    // Switching the account selects that account's first organization; home stays open.
    await choose('account-select', 'Acme Corp');
    await waitForDropdown('account-select', 'Acme Corp');
    await waitForDropdown('organization-select', 'Acme Main');
    expect(pathnameOf(session.page)).toBe('/');

    const demo = profile.accounts.find((account) => account.slug === 'demo');
    expect(demo?.name).toBe('Demo Account');
    await choose('account-select', 'Demo Account');
    await waitForDropdown('account-select', 'Demo Account');
    await waitForDropdown('organization-select', demo?.organization[0]?.name ?? '');

    // The organization dropdown lists Demo Account's organizations only.
    await session.page.getByTestId('organization-select').getByRole('combobox').click();
    const options = (await session.page.getByRole('option').allTextContents()).map((text) => text.trim()).sort();
    // Other tests may add organizations to Demo Account: compare with what the profile says it holds now.
    const demoOrganizations = (demo?.organization ?? []).map(({ name }) => name).sort();
    expect(demoOrganizations).toEqual(expect.arrayContaining(['Demo East', 'Demo West']));
    expect(options).toEqual(demoOrganizations);
    await session.page.getByRole('option', { name: 'Demo West', exact: true }).click();
    await session.page.getByRole('listbox').waitFor({ state: 'detached', timeout: WAIT_MS });
    await waitForDropdown('organization-select', 'Demo West');
    expect(pathnameOf(session.page)).toBe('/');
    expect(await storedSelection('selectedAccount')).toMatchObject({ name: 'Demo Account' });
    expect(await storedSelection('selectedOrganization')).toMatchObject({ name: 'Demo West' });

    // The choices survive a reload.
    await session.page.reload();
    await pollUntil(
      'the greeting with the user name',
      async () => /^Hello .+!$/.test((await greeting.textContent()) ?? ''),
      {
        timeoutMs: WAIT_MS,
        intervalMs: 100,
      },
    );
    await waitForDropdown('account-select', 'Demo Account');
    await waitForDropdown('organization-select', 'Demo West');

    // Changing the organization on a page other than home, profile or account returns home.
    await session.page.goto(`${BASE_URL}/admin`);
    await session.page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor({ timeout: WAIT_MS });
    await waitForDropdown('organization-select', 'Demo West');
    await choose('organization-select', 'Demo East');
    await session.page.waitForURL((url) => url.pathname === '/', { timeout: WAIT_MS });
    await choose('organization-select', 'Demo West');
    await waitForDropdown('organization-select', 'Demo West');

    // Sign out from the user menu.
    await session.page.getByRole('button', { name: 'Open user menu' }).click();
    await session.page.getByRole('menuitem', { name: 'Sign out' }).click();
    await session.page.waitForURL((url) => url.pathname === '/loggedout', { timeout: WAIT_MS });
    await session.page.getByText(TEXTS.signedOut).waitFor({ timeout: WAIT_MS });
    expect((await session.context.cookies()).some((cookie) => cookie.name === 'access_token')).toBe(false);
  });

  it('sends an expired session to the sign-in page', async () => {
    await fillCredentials(ADMIN_USER.email, ADMIN_USER.password);
    await waitUntilSignedIn();
    expect((await session.context.cookies()).some((cookie) => cookie.name === 'access_token')).toBe(true);

    await session.context.clearCookies({ name: 'access_token' });
    await session.context.clearCookies({ name: 'refresh_token' });
    await session.page.goto(`${BASE_URL}/profile`);
    await session.page.waitForURL((url) => url.pathname === '/signin', { timeout: WAIT_MS });
    await session.page.locator('input[name="email"]').waitFor({ timeout: WAIT_MS });
    expect(await session.page.getByTestId('app-header').count()).toBe(0);
  });

  it('shows a wrong password on the sign-in page and stays there', async () => {
    await fillCredentials(ADMIN_USER.email, 'not-the-password');
    await session.page.getByText(TEXTS.invalidCredentials).waitFor({ timeout: WAIT_MS });
    expect(pathnameOf(session.page)).toBe('/signin');
    expect(await session.page.locator('input[name="password"]').inputValue()).toBe('not-the-password');
    expect((await session.context.cookies()).some((cookie) => cookie.name === 'access_token')).toBe(false);
  });
});
