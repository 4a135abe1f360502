/**
 * Browser test of the analytics dashboards on the demo data: the Home organization dashboard (with the time from
 * navigation to every widget rendered), an asset, a collection and a view dashboard, each with its charts drawn and
 * no widget error; a tag filter applied, the time horizon changed and the filtered dashboard saved as a view; Admin →
 * Data → Telemetry and Financial. Screenshots at 1440 and 390 px go to .cache/test-results/screens/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { DASHBOARD_WIDGETS as WIDGETS, renderWatcher } from './support/dashboards';
import { signInThroughPage, selectOrganizationInHeader } from './support/web-signin';

jest.setTimeout(300_000);

const session = useBrowser();

/** The analyses can take a few seconds on a busy machine (first request of a horizon, cold caches). */
const RENDER_MS = WAIT_MS;
const SCREENS = path.resolve(__dirname, '../../.cache/test-results/screens');
const WIDGET_ERROR = 'Oops! Error loading widget';

/** What the page functions below use of the browser's window (this project's types have no DOM). */
interface BrowserWindow {
  localStorage: { getItem: (key: string) => string | null };
}

/** A call of the API from the page (same origin, the session's cookie, the selected organization's header). */
function apiFromPage<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([verb, path, json]) => {
      const organization = JSON.parse(
        (globalThis as unknown as BrowserWindow).localStorage.getItem('selectedOrganization') ?? '{}',
      ) as { id?: string };
      const response = await fetch(`/api/v1/${path}`, {
        method: verb,
        headers: { organizationid: organization.id ?? '', ...(json ? { 'content-type': 'application/json' } : {}) },
        ...(json ? { body: json } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    [method, url, body === undefined ? '' : JSON.stringify(body)] as const,
  );
}

/**
 * Waits for the `expected` widget frames to be on the page and every widget frame to show content (renderWatcher),
 * and returns `performance.now()` of the first frame where that held: the milliseconds since the navigation started.
 */
async function widgetsRendered(page: Page, expected: readonly string[]): Promise<number> {
  const key = `__widgetsRendered${Math.random().toString(36).slice(2)}`;
  await page.evaluate(renderWatcher(expected, key));
  let at: number | undefined;
  await pollUntil(
    `the widgets ${expected.join(', ')} to render`,
    async () => {
      at = (await page.evaluate(`window[${JSON.stringify(key)}]`)) as number | undefined;
      return typeof at === 'number';
    },
    { timeoutMs: RENDER_MS, intervalMs: 100 },
  );
  return at ?? Number.NaN;
}

/** The `d` of each line the workload chart draws (capacity and workload), joined. */
const workloadLines = (page: Page) =>
  page
    .getByTestId('widget-workload-capacity')
    .locator('svg path.MuiLineElement-root')
    .evaluateAll((paths) => paths.map((line) => line.getAttribute('d') ?? '').join('|'));

/** Every expected widget rendered, none failed, the charts drawn with data and the InfraRating a number. */
async function expectChartsWithData(page: Page, expected: readonly string[]) {
  await widgetsRendered(page, expected);
  expect(await page.getByText(WIDGET_ERROR).count()).toBe(0);
  const lines = await workloadLines(page);
  // Two lines (capacity, workload), each a curve through many points.
  const drawn = lines.split('|').filter((d) => /^M[\d.-]+,[\d.-]+[LC]/.test(d) && (d.match(/,/g) ?? []).length > 6);
  expect(drawn).toHaveLength(2);
  for (const testId of ['widget-workload-cost', 'widget-capacity-gap', 'widget-system-utilization']) {
    expect(await page.getByTestId(testId).locator('svg path, svg line, svg rect').count()).toBeGreaterThan(0);
  }
  const score = (await page.getByTestId('widget-infra-rating').getByTestId('infra-rating-score').textContent()) ?? '';
  expect(score).toMatch(/^\d{1,3}(\.\d)?$/);
}

/** No horizontal scroll of the page itself (grids and code scroll inside their cards). */
async function expectNoPageScroll(page: Page, width: number) {
  const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** A full-page screenshot at `width` once the page's widgets (if any) are rendered again at that width. */
async function screenshot(page: Page, name: string, width: number, expected: readonly string[] = []) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  if (expected.length > 0) await widgetsRendered(page, expected);
  // The charts measure their container on resize: two frames, then until their transitions have ended (endless
  // ones, such as a spinner's, never do). Waiting on the animations, not a fixed moment, holds on a busy machine.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  // Polled through evaluate (DevTools, allowed by the app's CSP; waitForFunction's string would be an eval it refuses).
  await pollUntil(
    'the charts to end their transitions',
    async () =>
      (await page.evaluate(
        'document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity)',
      )) === true,
    { timeoutMs: 30_000, intervalMs: 50 },
  );
  await expectNoPageScroll(page, width);
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`), fullPage: true });
}

describe('dashboards, signed in as the demo Admin', () => {
  beforeEach(async () => {
    await signInThroughPage(session.page, 'admin');
    await selectOrganizationInHeader(session.page);
  });

  it('renders every widget of the Home dashboard with data, and says how long that took', async () => {
    const { page } = session;
    // A fresh navigation: the app, the profile and every analysis loaded again. The watcher starts as soon as the
    // document is parsed, long before the first analysis answers.
    await page.goto(`${BASE_URL}/`, { waitUntil: 'domcontentloaded' });
    const rendered = await widgetsRendered(page, WIDGETS.organization);
    console.log(
      `Home dashboard: ${WIDGETS.organization.length} widgets rendered ${Math.round(rendered)} ms after navigation start`,
    );
    await expectChartsWithData(page, WIDGETS.organization);
    expect(
      Number(((await page.getByTestId('inventory-total').textContent()) ?? '').replace(/\D/g, '')),
    ).toBeGreaterThan(0);
    await screenshot(page, 'home', 1440, WIDGETS.organization);
    await screenshot(page, 'home', 390, WIDGETS.organization);
  });

  it('draws a widget only once it comes near the viewport, and draws it when scrolled to', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${BASE_URL}/`, { waitUntil: 'domcontentloaded' });
    const top = page.getByTestId('widget-inventory');
    const bottom = page.getByTestId('widget-system-utilization');
    await pollUntil(
      'the inventory at the top to be drawn',
      async () => (await top.getByTestId('inventory-total').count()) > 0,
      {
        timeoutMs: RENDER_MS,
        intervalMs: 100,
      },
    );
    // The last widget is far below the fold: its placeholder, though its analysis was asked for with the others.
    await pollUntil('the last widget to be on the page', async () => (await bottom.count()) > 0, {
      timeoutMs: RENDER_MS,
    });
    expect(await bottom.locator('.MuiSkeleton-root').count()).toBe(1);
    expect(await bottom.locator('svg').count()).toBe(0);
    await bottom.scrollIntoViewIfNeeded();
    await pollUntil(
      'the last widget to be drawn once scrolled to',
      async () => (await bottom.locator('svg').count()) > 0,
      {
        timeoutMs: RENDER_MS,
        intervalMs: 100,
      },
    );
    expect(await bottom.locator('.MuiSkeleton-root').count()).toBe(0);
  });

  it('filters Home by a tag, changes the time horizon, and saves the filter as a view', async () => {
    const { page } = session;
    await widgetsRendered(page, WIDGETS.organization);
    const tags = await apiFromPage<{ tagId: string; assetCount: number; system: boolean }[]>(page, 'GET', 'tags');
    expect(tags.status).toBe(200);
    // The demo fleet's most used tag: other tests' tags sit on a few assets whose samples may lie outside 7 days.
    const tag = tags.body.filter((candidate) => !candidate.system).sort((a, b) => b.assetCount - a.assetCount)[0];
    expect(tag).toBeDefined();
    const tagId = tag?.tagId ?? '';

    // Choose the tag, Apply: the analyses are asked again with the tag.
    const analysesWithTag: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v1/organizations/') && url.searchParams.has('tagIds')) {
        analysesWithTag.push(`${url.pathname}?${url.searchParams.toString()}`);
      }
    });
    const picker = page.getByTestId('filter-tags').getByRole('combobox');
    await picker.click();
    await picker.fill(tagId);
    await page.getByRole('option', { name: tagId, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply' }).click();
    await pollUntil('the analyses to be asked with the tag', async () => analysesWithTag.length >= 4, {
      timeoutMs: WAIT_MS,
      intervalMs: 100,
    });
    await expectChartsWithData(page, WIDGETS.organization);
    const before = await workloadLines(page);

    // Last 7 Days: the charts are drawn again, from the 7-day analyses.
    await page.getByTestId('filter-time-horizon').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Last 7 Days' }).click();
    await pollUntil(
      'the workload chart to be drawn again for the last 7 days',
      async () => {
        await page.getByTestId('widget-workload-capacity').scrollIntoViewIfNeeded(); // drawn once near the viewport
        const now = await workloadLines(page);
        return now !== '' && now !== before;
      },
      { timeoutMs: RENDER_MS, intervalMs: 200 },
    );
    expect(analysesWithTag.some((url) => url.includes('timeHorizon=7d'))).toBe(true);
    await expectChartsWithData(page, WIDGETS.organization);

    // Save view: the dialog names the filter; saving opens the new view with that filter.
    const name = `e2e-dash-${Date.now().toString(36)}`;
    let viewId = '';
    try {
      await page.getByRole('button', { name: 'Save view' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByTestId('save-view-filter').textContent()).toContain(tagId);
      expect(await dialog.getByTestId('save-view-filter').textContent()).toContain('Last 7 Days');
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/views/'), { timeout: WAIT_MS });
      viewId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: WAIT_MS });
      await page.getByTestId('view-filter-tags').getByText(tagId).waitFor({ timeout: WAIT_MS });
      await expectChartsWithData(page, WIDGETS.view);
    } finally {
      if (viewId) expect((await apiFromPage(page, 'DELETE', `views/${viewId}`)).status).toBe(204);
    }
  });

  it('renders an asset dashboard with data', async () => {
    const { page } = session;
    // A demo asset (it has telemetry; other tests add assets without any, and some sort first by name).
    const assets = await apiFromPage<{ items: { id: string; name: string }[] }>(
      page,
      'GET',
      'assets?pageSize=1&sort=name&status=active&search=-0001',
    );
    const asset = assets.body.items[0];
    expect(asset).toBeDefined();
    // On a fresh start the demo's first roll-up may still be running: wait until the asset has a rating.
    await pollUntil(
      `the asset ${asset?.name ?? ''} to have an InfraRating`,
      async () => {
        const ratings = await apiFromPage<{ ratings?: { infraRating: number | null } }>(
          page,
          'GET',
          `assets/${asset?.id ?? ''}/system-ratings?timeHorizon=30d`,
        );
        return typeof ratings.body.ratings?.infraRating === 'number';
      },
      { timeoutMs: 120_000, intervalMs: 1_000 },
    );
    await page.goto(`${BASE_URL}/assets/${asset?.id ?? ''}`);
    await page.getByRole('heading', { name: asset?.name ?? '', level: 1 }).waitFor({ timeout: WAIT_MS });
    await page.getByTestId('attribute-instance_type').waitFor({ timeout: WAIT_MS });
    await expectChartsWithData(page, WIDGETS.asset);
    await screenshot(page, 'asset', 1440, WIDGETS.asset);
    await screenshot(page, 'asset', 390, WIDGETS.asset);
  });

  it('renders a collection dashboard opened from the sidebar, and a view opened from the views list', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const collection = page.getByTestId('sidebar-collections').getByRole('link').first();
    await collection.waitFor({ timeout: WAIT_MS });
    const collectionName = (await collection.textContent()) ?? '';
    await collection.click();
    await page.getByRole('heading', { name: collectionName, level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('entity-kind').textContent()).toBe('Collection');
    await expectChartsWithData(page, WIDGETS.collection);

    // A view of the organization, opened from Admin → Management → Views (one is saved first if there is none).
    let created = '';
    try {
      const views = await apiFromPage<{ id: string; name: string }[]>(page, 'GET', 'views');
      if (views.body.length === 0) {
        const saved = await apiFromPage<{ id: string }>(page, 'PATCH', 'views', {
          name: `e2e-view-${Date.now().toString(36)}`,
          collectionIds: [new URL(page.url()).pathname.split('/').pop()],
        });
        expect(saved.status).toBe(200);
        created = saved.body.id;
      }
      await page.goto(`${BASE_URL}/admin/views`);
      const link = page.getByRole('grid').getByRole('link').first();
      await link.waitFor({ timeout: WAIT_MS });
      const viewName = (await link.textContent()) ?? '';
      await link.click();
      await page.getByRole('heading', { name: viewName, level: 1 }).waitFor({ timeout: WAIT_MS });
      expect(await page.getByTestId('entity-kind').textContent()).toBe('View');
      await expectChartsWithData(page, WIDGETS.view);
    } finally {
      if (created) expect((await apiFromPage(page, 'DELETE', `views/${created}`)).status).toBe(204);
    }
  });

  it('shows Admin → Data → Telemetry and Financial', async () => {
    const { page } = session;
    await page.goto(`${BASE_URL}/admin/telemetry`);
    await page.getByRole('heading', { name: 'Telemetry', level: 1 }).waitFor({ timeout: WAIT_MS });
    const freshness = page.getByTestId('telemetry-freshness');
    await freshness.waitFor({ timeout: WAIT_MS });
    // The page shows what the API says: each source's freshness, or that nothing was received yet.
    const settings = await apiFromPage<{ assets: number; sources: { source: string; assetsReporting: number }[] }>(
      page,
      'GET',
      'data/telemetry',
    );
    expect(settings.status).toBe(200);
    expect(await page.getByTestId('telemetry-assets').textContent()).toBe(
      `Assets in this organization: ${settings.body.assets.toLocaleString('en-US')}`,
    );
    if (settings.body.sources.length === 0) {
      expect(await page.getByTestId('telemetry-empty').textContent()).toBe('No telemetry received yet');
    }
    for (const source of settings.body.sources) {
      const card = page.getByTestId(`telemetry-source-${source.source}`);
      expect(await card.getByTestId('telemetry-last-sample').textContent()).toMatch(
        /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M/,
      );
      expect(await card.getByTestId('telemetry-reporting').textContent()).toBe(
        `Assets reporting (last 24 h)${source.assetsReporting.toLocaleString('en-US')}`,
      );
    }
    expect(await page.getByTestId('telemetry-endpoint').textContent()).toBe('POST /api/v1/telemetry');
    expect(await page.getByTestId('telemetry-json').textContent()).toContain('Authorization: Bearer iak_');
    await screenshot(page, 'telemetry', 1440);
    await screenshot(page, 'telemetry', 390);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${BASE_URL}/admin/financial`);
    await page.getByRole('heading', { name: 'Financial', level: 1 }).waitFor({ timeout: WAIT_MS });
    const currency = page.getByTestId('financial-form').getByLabel(/Currency/);
    await currency.waitFor({ timeout: WAIT_MS });
    expect(await currency.inputValue()).toMatch(/^[A-Z]{3}$/);
    // A lower-case currency is refused under the field, before any request.
    await currency.fill('usd');
    await page.getByText('Enter three capital letters (ISO 4217), such as USD or CAD.').waitFor({ timeout: WAIT_MS });
    await currency.fill((await apiFromPage<{ currency: string }>(page, 'GET', 'data/financial')).body.currency);
    const priceList = page.getByRole('grid', { name: 'Price list' });
    await priceList.getByRole('row').nth(1).waitFor({ timeout: WAIT_MS });
    expect(await priceList.getByText(/^\$\d+\.\d{4}$/).count()).toBeGreaterThan(0);
    await screenshot(page, 'financial', 1440);
    await screenshot(page, 'financial', 390);
  });
});
