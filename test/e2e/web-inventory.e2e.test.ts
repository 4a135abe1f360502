/**
 * Browser test of the inventory dashboards and the sidebar: an asset and a collection opened from the sidebar;
 * a collection created in Admin → Management with two assets, its filter applied, saved as a view, marked a
 * favorite and found among the sidebar's favorites after a reload; and "Oops! {entity} Not Found" for an
 * unknown id, a malformed id and another tenant's asset.
 */
import type { Page } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { signInThroughPage } from './support/web-signin';

jest.setTimeout(300_000);

const session = useBrowser();

/** Opens the sidebar (it starts collapsed) and waits for the organization's collections in it. */
async function openSidebar(page: Page) {
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.locator('[data-testid="sidebar"][data-state="expanded"]').waitFor({ state: 'attached' });
  await page.getByTestId('sidebar-collections').getByRole('link').first().waitFor({ timeout: WAIT_MS });
}

/** Follows the sidebar's first collection and returns its name once its dashboard shows. */
async function openFirstCollection(page: Page): Promise<string> {
  const link = page.getByTestId('sidebar-collections').getByRole('link').first();
  const name = (await link.textContent()) ?? '';
  await link.click();
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: WAIT_MS });
  return name;
}

/** What the page functions below use of the browser's window (this project's types have no DOM). */
interface BrowserWindow {
  localStorage: { getItem: (key: string) => string | null; clear: () => void };
}

/** A call of the API from the page (same origin, the session's cookie, the selected organization's header). */
function apiFromPage<T>(page: Page, method: string, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([verb, url]) => {
      const organization = JSON.parse(
        (globalThis as unknown as BrowserWindow).localStorage.getItem('selectedOrganization') ?? '{}',
      ) as { id?: string };
      const response = await fetch(`/api/v1/${url}`, {
        method: verb,
        headers: { organizationid: organization.id ?? '' },
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    [method, path] as const,
  );
}

/** Waits for the header's title to read `title`. */
const headerTitle = (page: Page, title: string) =>
  pollUntil(
    `the header title to read ${title}`,
    async () => (await page.getByTestId('header-title').textContent()) === title,
    {
      timeoutMs: WAIT_MS,
      intervalMs: 100,
    },
  );

const notFound = (page: Page, entity: string) =>
  page.getByRole('heading', { name: `Oops! ${entity} Not Found` }).waitFor({ timeout: WAIT_MS });

describe('signed in as an Admin', () => {
  beforeEach(async () => {
    await signInThroughPage(session.page, 'admin');
  });

  it('opens a collection from the sidebar, then one of its assets', async () => {
    const { page } = session;
    await openSidebar(page);
    const collection = await openFirstCollection(page);
    expect(await page.getByTestId('entity-kind').textContent()).toBe('Collection');
    // The header shows the item followed.
    await headerTitle(page, collection);

    const asset = page.getByTestId('section-system-attributes').getByRole('link').first();
    await asset.waitFor({ timeout: WAIT_MS });
    const assetName = (await asset.textContent()) ?? '';
    await asset.click();
    await page.getByRole('heading', { name: assetName, level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(page.url()).toMatch(/\/assets\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('entity-kind').textContent()).toBe('Asset');
    await page.getByTestId('attribute-instance_type').waitFor({ timeout: WAIT_MS });
    await headerTitle(page, assetName);
  });

  it('creates a collection with two assets, saves its filter as a view, marks it a favorite, and finds it in the sidebar after a reload', async () => {
    const { page } = session;
    const run = Date.now().toString(36);
    const collection = `e2e-collection-${run}`;
    const name = `e2e-${run}`;
    let collectionId = '';
    let viewId = '';
    try {
      // Admin → Management → Collections: create one with two assets picked by name.
      await page.goto(`${BASE_URL}/admin/collections`);
      const picked = await apiFromPage<{ items: { id: string; name: string }[] }>(
        page,
        'GET',
        'assets?pageSize=2&sort=name',
      );
      const assets = picked.body.items;
      expect(assets).toHaveLength(2);
      await page.getByTestId('collection-create').click();
      await page.getByTestId('collection-name').fill(collection);
      for (const asset of assets) {
        await page.getByTestId('collection-asset-picker').fill(asset.name);
        // An option reads the asset's name, then its external id.
        await page.getByRole('option', { name: new RegExp(`^${asset.name.replace(/[^\w-]/g, '\\$&')} `) }).click();
        await page.getByTestId(`picked-asset-${asset.id}`).waitFor({ timeout: WAIT_MS });
      }
      await page.getByTestId('collection-save').click();
      const link = page.getByRole('link', { name: collection, exact: true });
      await link.waitFor({ timeout: WAIT_MS });
      collectionId = (await link.getAttribute('href'))?.split('/').pop() ?? '';

      // Its page lists the two members; its filter, applied, can be saved as a view.
      await link.click();
      await page.getByRole('heading', { name: collection, level: 1 }).waitFor({ timeout: WAIT_MS });
      const members = page.getByTestId('section-system-attributes').getByRole('link');
      await pollUntil('the two members to show', async () => (await members.count()) === 2, { timeoutMs: WAIT_MS });
      const saveView = page.getByRole('button', { name: 'Save view' });
      expect(await saveView.isDisabled()).toBe(true);
      await page.getByTestId('filter-collections').getByRole('combobox').click();
      await page.getByRole('option', { name: collection, exact: true }).click();
      await page.keyboard.press('Escape');
      // Save view waits for the filter to be applied.
      expect(await saveView.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Apply' }).click();
      await saveView.click();

      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/views/'), { timeout: WAIT_MS });
      await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: WAIT_MS });
      viewId = new URL(page.url()).pathname.split('/').pop() ?? '';
      // The view's filter is the one saved.
      expect(await page.getByTestId('view-filter-collections').textContent()).toBe(collection);

      const header = page.getByTestId('entity-header');
      await header.getByRole('button', { name: `Add ${name} to favorites` }).click();
      await header.getByRole('button', { name: `Remove ${name} from favorites` }).waitFor({ timeout: WAIT_MS });

      await page.reload();
      await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: WAIT_MS });
      await openSidebar(page);
      const favorite = page.getByTestId('sidebar-favorites').getByRole('link', { name, exact: true });
      await favorite.waitFor({ timeout: WAIT_MS });
      expect(await favorite.getAttribute('href')).toBe(`/views/${viewId}`);
    } finally {
      // Leave the demo organization as it was.
      if (viewId) expect((await apiFromPage(page, 'DELETE', `views/${viewId}`)).status).toBe(204);
      if (collectionId) expect((await apiFromPage(page, 'DELETE', `collections/${collectionId}`)).status).toBe(204);
    }
  });

  it("says Not Found for an unknown id, a malformed id, and another tenant's asset", async () => {
    const { page } = session;
    await page.goto(`${BASE_URL}/assets/00000000-0000-4000-8000-000000000000`);
    await notFound(page, 'Asset');
    expect(await page.getByText('may have been moved or deleted').count()).toBe(1);
    await page.goto(`${BASE_URL}/collections/not-a-uuid`);
    await notFound(page, 'Collection');
    await page.goto(`${BASE_URL}/views/00000000-0000-4000-8000-000000000000`);
    await notFound(page, 'View');

    // A Demo asset, opened by the Admin of Acme Corp.
    const demoAssets = await apiFromPage<{ items: { id: string }[] }>(page, 'GET', 'assets?pageSize=1');
    const demoAssetId = demoAssets.body.items[0]?.id ?? '';
    expect(demoAssetId).toMatch(/^[0-9a-f-]{36}$/);
    await session.context.clearCookies();
    await page.evaluate(() => (globalThis as unknown as BrowserWindow).localStorage.clear());
    await signInThroughPage(page, 'acme');
    await page.goto(`${BASE_URL}/assets/${demoAssetId}`);
    await notFound(page, 'Asset');
    expect(await page.getByTestId('entity-header').count()).toBe(0);
  });
});
