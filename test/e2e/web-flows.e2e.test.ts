/**
 * Browser tests of issue 21's broken flows, against the running product (a product copy):
 *  - a member added by an Admin with a new email sets a password from the mailed link, signs in, passes the terms
 *    step before any other page (a deep link included), lands on Home, finds the invitation there (and counted in
 *    the user menu) and accepts it;
 *  - a shared link to an asset of the user's other organization offers to switch there, then shows it; a user of
 *    another tenant gets the plain Not Found, and the API tells them nothing more than for a random id.
 * Screenshots at 1440 and 390 px go to .cache/test-results/screens/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { call, organizationSession, tokenFor } from './support/api-client';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { mailTo } from './support/isolation-fixtures/mail';
import { signInThroughPage } from './support/web-signin';

jest.setTimeout(300_000);

const SCREENS = path.resolve(__dirname, '../../.cache/test-results/screens');
const session = useBrowser();

/** A full-page screenshot at `width` once transitions have ended; the page itself never scrolls sideways. */
async function screenshot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  await pollUntil(
    'transitions to end',
    async () =>
      (await page.evaluate(
        'document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity)',
      )) === true,
    { timeoutMs: 30_000, intervalMs: 50 },
  );
  const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(scrollWidth).toBeLessThanOrEqual(width);
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `flows-${name}-${width}.png`), fullPage: true });
}

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, name, 1440);
  await screenshot(page, name, 390);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('a member added with a new email', () => {
  it('sets a password, passes the terms step before any page, and accepts the invitation on Home', async () => {
    const { page, browser } = session;
    const run = Date.now().toString(36);
    const email = `flows-${run}@example.com`;
    const password = `Flows-Pass-${run}-1`;

    // The Admin adds the member on Admin → Account → Members.
    await signInThroughPage(page, 'admin');
    await page.goto(`${BASE_URL}/admin/account/members`);
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First name').fill('Nina');
    await dialog.getByLabel('Last name').fill('Flows');
    const since = Date.now() - 1000;
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
    // The invitation is marked as one, with the name the Admin typed, not the email as a name.
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText('Pending invitation').waitFor({ timeout: WAIT_MS });
    expect(await row.getByRole('gridcell').first().textContent()).toBe('Nina FlowsPending invitation');
    await bothWidths(page, 'members-pending');

    // The mailed link: choose a password, in a browser of the new member's own.
    const text = await mailTo(email, since);
    const token = /reset-password\?token=([\w-]+)/.exec(text)?.[1];
    expect(token).toBeDefined();
    const member = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    member.setDefaultTimeout(WAIT_MS);
    try {
      const own = await member.newPage();
      await own.goto(`${BASE_URL}/reset-password?token=${token}`);
      await own.locator('input[name="password"]').fill(password);
      await own.locator('input[name="confirmation"]').fill(password);
      await own.getByRole('button', { name: 'Set new password' }).click();
      await own.getByTestId('reset-done').waitFor({ timeout: WAIT_MS });

      // Signing in leads to the terms step first, not to Home.
      await own.goto(`${BASE_URL}/signin`);
      await own.locator('input[name="email"]').fill(email);
      await own.locator('input[name="password"]').fill(password);
      await own.getByRole('button', { name: 'Sign in', exact: true }).click();
      await own.waitForURL((url) => url.pathname === '/user-acceptance', { timeout: WAIT_MS });
      await own.getByRole('heading', { name: 'Terms of Service and Privacy Policy' }).waitFor({ timeout: WAIT_MS });
      expect(await own.getByTestId('app-header').count()).toBe(0);

      // So does any page opened directly (a deep link), before any of its content.
      for (const deepLink of [
        '/admin/tag-library',
        '/invitations',
        `/assets/${'0'.repeat(8)}-0000-4000-8000-000000000000`,
      ]) {
        await own.goto(`${BASE_URL}${deepLink}`);
        await own.waitForURL((url) => url.pathname === '/user-acceptance', { timeout: WAIT_MS });
        await own.getByRole('checkbox', { name: /Terms of Service/ }).waitFor({ timeout: WAIT_MS });
        expect(await own.getByTestId('app-header').count()).toBe(0);
      }
      await bothWidths(own, 'acceptance');

      // Accepting leads on (to the deep link's page: Home here), where the invitation waits.
      await own.goto(`${BASE_URL}/`);
      await own.waitForURL((url) => url.pathname === '/user-acceptance', { timeout: WAIT_MS });
      await own.getByRole('checkbox', { name: /Terms of Service/ }).check();
      await own.getByRole('checkbox', { name: /Privacy Policy/ }).check();
      await own.getByRole('button', { name: 'Accept' }).click();
      await own.waitForURL((url) => url.pathname === '/', { timeout: WAIT_MS });
      await own.getByRole('heading', { name: 'Hello Nina!' }).waitFor({ timeout: WAIT_MS });
      const card = own.getByTestId('home-invitations');
      await card.getByText('Demo Account').waitFor({ timeout: WAIT_MS });
      expect(await card.textContent()).toContain('Role: User');
      // Counted in the user menu, which links the invitations page.
      await own.getByLabel('Pending invitations: 1').first().waitFor({ timeout: WAIT_MS });
      await bothWidths(own, 'home-invitations');
      await own.getByRole('button', { name: 'Open user menu' }).click();
      await own.getByTestId('menu-invitations').waitFor({ timeout: WAIT_MS });
      expect(await own.getByTestId('menu-invitations').textContent()).toBe('Invitations1');
      await screenshot(own, 'user-menu', 1440);
      await own.keyboard.press('Escape');
      await own.setViewportSize({ width: 1440, height: 900 });

      // Accepting makes them a member: the account and its first organization are selected, Home shows its data.
      await card.getByRole('button', { name: 'Accept' }).click();
      await own.getByTestId('tags-widget').waitFor({ timeout: WAIT_MS });
      expect(await own.getByTestId('home-invitations').count()).toBe(0);
      await own.getByTestId('app-header').getByText('Demo East').waitFor({ timeout: WAIT_MS });
      expect(await own.getByLabel('Pending invitations: 1').count()).toBe(0);
    } finally {
      await member.close();
    }
  });
});

describe('a shared link to an asset of another organization', () => {
  let westAsset: string;

  beforeAll(async () => {
    const admin = await organizationSession('admin', 'demo');
    const profile = await call<{ accounts: { slug: string; organization: { id: string; name: string }[] }[] }>(
      'GET',
      'users/profile',
      { token: admin.token },
    );
    const west = profile.body.accounts
      .find((account) => account.slug === 'demo')!
      .organization.find((organization) => organization.name === 'Demo West')!;
    const assets = await call<{ items: { id: string }[] }>('GET', 'assets?pageSize=1', {
      token: admin.token,
      organizationId: west.id,
    });
    westAsset = assets.body.items[0]!.id;
  });

  it('offers the member to switch to that organization, then shows the asset', async () => {
    const { page } = session;
    await signInThroughPage(page, 'user');
    await page.getByTestId('app-header').getByText('Demo East').waitFor({ timeout: WAIT_MS });
    await page.goto(`${BASE_URL}/assets/${westAsset}`);
    const offer = page.getByTestId('switch-organization-offer');
    await offer.getByRole('heading', { name: 'Asset in another organization' }).waitFor({ timeout: WAIT_MS });
    expect(await offer.textContent()).toContain('the organization Demo West of the account Demo Account');
    await bothWidths(page, 'switch-offer');
    await offer.getByRole('button', { name: 'Switch organization' }).click();
    await page.getByTestId('app-header').getByText('Demo West').waitFor({ timeout: WAIT_MS });
    await page.getByRole('region', { name: 'System Attributes' }).waitFor({ timeout: WAIT_MS });
    expect(new URL(page.url()).pathname).toBe(`/assets/${westAsset}`);
  });

  it('shows a user of another tenant the plain Not Found, with no hint', async () => {
    const { page } = session;
    await signInThroughPage(page, 'acme');
    await page.goto(`${BASE_URL}/assets/${westAsset}`);
    await page.getByRole('heading', { name: 'Oops! Asset Not Found' }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('switch-organization-offer').count()).toBe(0);
    expect(await page.getByText(/another organization|Demo West|Demo Account/).count()).toBe(0);
  });

  it('the API answers another tenant exactly as for a random id, and checks its input', async () => {
    const acme = (await tokenFor('acme')).accessToken;
    const user = (await tokenFor('user')).accessToken;
    const random = '00000000-0000-4000-8000-0000000000aa';
    const strip = ({ status, body }: { status: number; body: unknown }) => {
      const { errorId: _errorId, ...rest } = body as { errorId?: string };
      return { status, ...rest };
    };
    const theirs = await call('GET', `locate/asset/${westAsset}`, { token: acme });
    const unknown = await call('GET', `locate/asset/${random}`, { token: acme });
    expect(strip(theirs)).toEqual(strip(unknown));
    expect(strip(theirs)).toMatchObject({ status: 404, message: 'Oops! Asset Not Found', code: 'ASSET_NOT_FOUND' });
    expect(theirs.text).not.toContain(westAsset);
    // Another organization's header changes nothing: the caller's memberships decide.
    const acmeOrganization = (await organizationSession('acme', 'acme')).organizationId;
    expect(
      (await call('GET', `locate/asset/${westAsset}`, { token: acme, organizationId: acmeOrganization })).status,
    ).toBe(404);
    // A plain User of the account finds it; as a collection or view it is unknown.
    const found = await call<{ organizationId: string; accountId: string }>('GET', `locate/asset/${westAsset}`, {
      token: user,
    });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ kind: 'asset', id: westAsset });
    expect((await call('GET', `locate/collection/${westAsset}`, { token: user })).status).toBe(404);
    // Malformed input: a 400 for the id, an unknown kind is no route; never a 500.
    expect((await call('GET', `locate/asset/not-a-uuid`, { token: user })).status).toBe(400);
    expect((await call('GET', `locate/asset/${encodeURIComponent("1' OR '1'='1")}`, { token: user })).status).toBe(400);
    expect((await call('GET', `locate/tag/${westAsset}`, { token: user })).status).toBe(404);
    // Signed out: 401.
    expect((await call('GET', `locate/asset/${westAsset}`)).status).toBe(401);
  });
});
