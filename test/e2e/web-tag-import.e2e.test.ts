/**
 * Browser test of the tag import (spec §2, §4, §8): as the demo Admin, a valid .csv is uploaded (its progress
 * shown, then the Upload step done), validated ("There are no validation errors…") and imported ("Success!
 * {count} records have been imported."); Past Imports lists it. A file with errors (CRLF line ends, a quoted
 * description with a comma) validates with "There are some validation issues…" and an issues table naming the
 * real line numbers, fields and issues, and Import stays disabled. An imported tag's logs show its creation.
 */
import type { Page } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { signInThroughPage } from './support/web-signin';

jest.setTimeout(300_000);

const session = useBrowser();

/** What the page functions below use of the browser's window (this project's types have no DOM). */
interface BrowserWindow {
  localStorage: { getItem: (key: string) => string | null };
}

/** A GET of the API from the page (same origin, the session's cookie, the selected organization's header). */
function getFromPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const organization = JSON.parse(
      (globalThis as unknown as BrowserWindow).localStorage.getItem('selectedOrganization') ?? '{}',
    ) as { id?: string };
    const response = await fetch(`/api/v1/${url}`, { headers: { organizationid: organization.id ?? '' } });
    return (await response.json()) as T;
  }, path);
}

/** Whether the New Import step (upload, validate, import) shows as `state` (its label and icon carry the class). */
const stepIs = async (page: Page, step: string, state: 'completed' | 'error') =>
  (await page.getByTestId(`import-step-${step}`).locator(`.MuiStepLabel-label.Mui-${state}`).count()) === 1;

/** Chooses `content` as the file `name` and waits for the upload: its progress shows, then the Upload step is done. */
async function upload(page: Page, name: string, content: string) {
  // The upload is held until its progress has been seen (a small file would otherwise finish at once).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/files/'),
    async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    },
  );
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  const progress = page.getByTestId('import-progress');
  await progress.waitFor({ timeout: WAIT_MS });
  // The progress never shows less than 10 percent (§9).
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(10);
  expect(await page.getByText(`Uploading ${name}:`).count()).toBe(1);
  release();
  await page.getByTestId('import-file-name').getByText(`File: ${name}`).waitFor({ timeout: WAIT_MS });
  expect(await progress.count()).toBe(0);
  expect(await stepIs(page, 'upload', 'completed')).toBe(true);
  await page.unroute((url) => url.pathname.startsWith('/api/v1/files/'));
}

/** The texts of the issues table's rows: line number, data field, issue. */
async function issueRows(page: Page): Promise<string[][]> {
  const grid = page.getByRole('grid', { name: 'Validation issues' });
  await grid.waitFor({ timeout: WAIT_MS });
  const rows = grid.locator('.MuiDataGrid-row');
  const texts: string[][] = [];
  for (let index = 0; index < (await rows.count()); index += 1)
    texts.push((await rows.nth(index).getByRole('gridcell').allInnerTexts()).map((text) => text.trim()));
  return texts;
}

describe('signed in as an Admin', () => {
  beforeEach(async () => {
    await signInThroughPage(session.page, 'admin');
  });

  it('imports a valid file, lists it in Past Imports, shows the line-numbered issues of a file with errors, and logs the created tags', async () => {
    const { page } = session;
    const run = Date.now().toString(36);
    const key = `e2e-import-${run}`;
    const validFile = `e2e-tags-${run}.csv`;
    const badFile = `e2e-tags-${run}-errors.csv`;

    await page.goto(`${BASE_URL}/admin/tag-library/tag-import`);
    await page.getByRole('heading', { name: 'Tag Import', level: 1 }).waitFor({ timeout: WAIT_MS });
    const asset = (await getFromPage<{ items: { externalId: string }[] }>(page, 'assets?pageSize=1')).items[0];
    expect(asset?.externalId).toBeTruthy();

    // A valid file: two tags, one assigned to a demo asset by its external id.
    await upload(
      page,
      validFile,
      ['key,value,description,assets', `${key},prod,"imported,by-e2e",${asset?.externalId}`, `${key},dev,,`, ''].join(
        '\r\n',
      ),
    );
    const validate = page.getByTestId('import-validate');
    const submit = page.getByTestId('import-submit');
    expect(await submit.isDisabled()).toBe(true);
    await validate.click();
    const message = page.getByTestId('import-validation-message');
    await message
      .getByText('There are no validation errors, click Import to finish importing tags.', { exact: true })
      .waitFor({ timeout: WAIT_MS });
    await submit.click();
    await page
      .getByTestId('import-result')
      .getByText('Success! 2 records have been imported.', { exact: true })
      .waitFor({ timeout: WAIT_MS });
    expect(await stepIs(page, 'import', 'completed')).toBe(true);

    // Past Imports lists it, with its two records and the Admin's user ID (the email, §3).
    await page.getByTestId('import-tab-past').click();
    const past = page.getByRole('grid', { name: 'Past Imports' }).locator('.MuiDataGrid-row', { hasText: validFile });
    await past.waitFor({ timeout: WAIT_MS });
    expect(await past.locator('[data-field="recordsImported"]').innerText()).toBe('2');
    expect(await past.locator('[data-field="status"]').innerText()).toBe('Completed');
    expect(await past.locator('[data-field="userId"]').innerText()).toBe('admin@demo.local');

    // A file with errors: an invalid key on line 3, line 2's pair repeated on line 4, an unknown asset on line 5.
    // New Import kept its result meanwhile.
    await page.getByTestId('import-tab-new').click();
    expect(await page.getByTestId('import-result').innerText()).toBe('Success! 2 records have been imported.');
    await page.getByTestId('import-restart').click();
    const unknownAsset = `i-unknown-${run}`;
    await upload(
      page,
      badFile,
      [
        'key,value,description,assets',
        `${key}-b,one,"quoted,with-comma",`,
        `bad key ${run},two,,`,
        `${key}-b,one,,`,
        `${key}-c,three,,${unknownAsset}`,
        '',
      ].join('\r\n'),
    );
    await validate.click();
    await message
      .getByText('There are some validation issues, fix them before importing.', { exact: true })
      .waitFor({ timeout: WAIT_MS });
    expect(await issueRows(page)).toEqual([
      ['3', 'Key', 'Only letters, digits, _ and - are allowed in a key, no spaces. Maximum 512 Characters'],
      ['4', 'Key', 'Key-value pairs must be unique: this pair is repeated.'],
      ['5', 'Assets', `Asset ${unknownAsset} was not found in this organization.`],
    ]);
    expect(await submit.isDisabled()).toBe(true);
    expect(await stepIs(page, 'validate', 'error')).toBe(true);

    // The Tag Library has the imported tags; one's logs show its creation.
    await page.goto(`${BASE_URL}/admin/tag-library`);
    await page.getByTestId('tags-filter').fill(key);
    const row = page.getByRole('grid', { name: 'Tag Library' }).locator('.MuiDataGrid-row', { hasText: `${key}:prod` });
    await row.waitFor({ timeout: WAIT_MS });
    await pollUntil(
      'both imported tags to be listed',
      async () => (await page.getByRole('grid', { name: 'Tag Library' }).locator('.MuiDataGrid-row').count()) === 2,
      { timeoutMs: WAIT_MS, intervalMs: 100 },
    );
    expect(await row.locator('[data-field="description"]').innerText()).toBe('imported,by-e2e');
    expect(await row.locator('[data-field="assetCount"]').innerText()).toBe('1');
    await row.getByRole('menuitem', { name: `Logs of ${key}:prod` }).click();
    await page.waitForURL((url) => /^\/admin\/logs\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: WAIT_MS });
    await page
      .getByTestId('audit-scope')
      .getByText(`Activity of the tag ${key}:prod.`, { exact: true })
      .waitFor({ timeout: WAIT_MS });
    const created = page
      .getByRole('grid', { name: 'Audit Logs' })
      .locator('.MuiDataGrid-row', { hasText: 'Tag created' });
    await created.waitFor({ timeout: WAIT_MS });
    expect(await created.locator('[data-field="userId"]').innerText()).toBe('admin@demo.local');
  });
});
