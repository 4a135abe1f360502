/**
 * Browser test of the admin screens for organizations, accounts and the AWS integration: an Admin creates an
 * organization with an address and finds it in the header's dropdown; the integrations page of that
 * organization refuses a malformed role ARN without a request and saves a valid one; a System Admin creates an
 * account; a User is refused the accounts page.
 *
 * Each run adds organizations to the demo account and an account to the platform (unique names): run it against
 * a private copy of the product (README, "e2e"), or accept them on a development database.
 */
import type { Page } from 'playwright-core';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { signInThroughPage } from './support/web-signin';

jest.setTimeout(300_000);

const session = useBrowser();

/** A suffix no other run uses. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Adds an organization through the Organizations page and waits for its row. */
async function createOrganization(page: Page, name: string): Promise<void> {
  await page.goto(`${BASE_URL}/admin/account/organizations`);
  await page.getByRole('button', { name: 'Add organization' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Organization name').fill(name);
  await dialog.getByLabel('Address line 1').fill('1 Harbour Street');
  await dialog.getByLabel('City').fill('Halifax');
  await dialog.getByLabel('State / province').fill('NS');
  await dialog.getByLabel('ZIP / postal code').fill('B3J 1A1');
  await dialog.getByLabel('Country').fill('CA');
  await dialog.getByLabel('Website').fill('example.com');
  const created = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/organizations' && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);
  await page.getByRole('row').filter({ hasText: name }).waitFor({ timeout: WAIT_MS });
}

/** Picks the organization in the header's dropdown (the app then goes home). */
async function selectOrganization(page: Page, name: string): Promise<void> {
  await page.getByTestId('organization-select').getByRole('combobox').click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: WAIT_MS });
}

describe('signed in as an Admin', () => {
  beforeEach(async () => {
    await signInThroughPage(session.page, 'admin');
  });

  it('creates an organization with an address and finds it in the header dropdown', async () => {
    const { page } = session;
    const name = `E2E Org ${unique()}`;
    await createOrganization(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    expect(await row.textContent()).toContain('1 Harbour Street');
    expect(await row.textContent()).toContain('Halifax, NS, CA');

    await page.getByTestId('organization-select').getByRole('combobox').click();
    await page.getByRole('option', { name, exact: true }).waitFor({ timeout: WAIT_MS });
  });

  it("saves the organization's role ARN and refuses a malformed one without asking the server", async () => {
    const { page } = session;
    const name = `E2E Int ${unique()}`;
    await createOrganization(page, name);
    await selectOrganization(page, name);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/integrations/aws' && request.method() !== 'GET') {
        writes.push(request.method());
      }
    });

    await page.goto(`${BASE_URL}/admin/integrations`);
    await page.getByTestId('aws-none').waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Integrations');
    const form = page.getByTestId('aws-form');
    await form.getByLabel('Role ARN').fill('arn:aws:iam::123456789012:user/alice');
    await form.getByRole('button', { name: 'Generate' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter an IAM role ARN such as arn:aws:iam::123456789012:role/infra-analytics-read.').waitFor({
      timeout: WAIT_MS,
    });
    expect(writes).toEqual([]);

    const roleArn = 'arn:aws:iam::123456789012:role/infra-analytics-read';
    await form.getByLabel('Role ARN').fill(roleArn);
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v1/integrations/aws' && response.request().method() === 'PUT',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    expect(writes).toEqual(['PUT']);
    await page.getByTestId('aws-role-arn').waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('aws-role-arn').textContent()).toBe(roleArn);
    expect(await page.getByTestId('aws-state').textContent()).toBe('Never synced');
  });
});

describe('signed in as a System Admin', () => {
  it('creates an account, which the list then shows', async () => {
    const { page } = session;
    await signInThroughPage(page, 'sysadmin');
    await page.goto(`${BASE_URL}/admin`);
    await page.getByTestId('admin-section-accounts').click();
    await page.waitForURL((url) => url.pathname === '/admin/accounts', { timeout: WAIT_MS });
    const id = unique();
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Account name').fill(`E2E Account ${id}`);
    expect(await dialog.getByLabel('Slug').inputValue()).toBe(`e2e-account-${id}`);
    const created = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/accounts' && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create account' }).click();
    expect((await created).status()).toBe(201);
    await page
      .getByRole('row')
      .filter({ hasText: `E2E Account ${id}` })
      .waitFor({ timeout: WAIT_MS });
  });
});

describe('signed in as a User', () => {
  it('has no accounts tile and is refused the accounts page', async () => {
    const { page } = session;
    await signInThroughPage(page, 'user');
    await page.goto(`${BASE_URL}/admin`);
    await page.getByTestId('admin-section-organizations').waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('admin-section-accounts').count()).toBe(0);
    await page.goto(`${BASE_URL}/admin/accounts`);
    await page.getByTestId('accounts-refused').waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('accounts-refused').textContent()).toBe('Only a System Admin can manage accounts.');
  });
});
