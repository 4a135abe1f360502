/**
 * Browser test of business events on the demo data: Admin → Management → Events; Add Event with its rule messages,
 * created and the assignment skipped (the Summary says so, the list shows it); another created and assigned to a
 * collection (the Summary names it and counts its assets); its event page with the measured impact once analytics has
 * measured it, and an expected impact saved for all assets; Edit Event pre-filled and Updated; the event drawn as a
 * band on the collection dashboard's workload and cost charts. Events cannot be deleted: each run names its own.
 */
import type { Page } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { signInThroughPage, selectOrganizationInHeader } from './support/web-signin';

jest.setTimeout(300_000);

const session = useBrowser();

/** Analytics measures a new event in a job queued when it hears of it; a busy machine takes a while. */
const MEASURE_MS = 120_000;
/** The analyses can take a few seconds on a busy machine. */
const RENDER_MS = WAIT_MS;
const DAY_MS = 24 * 60 * 60 * 1000;

const NAME_RULE = 'Name must be unique and only alphanumeric and _- characters are allowed. Maximum 50 Characters';
const DATES_RULE = 'Date(s) are required and end date must be after or equal to the start date';

/** What the page functions below use of the browser's window (this project's types have no DOM). */
interface BrowserWindow {
  localStorage: { getItem: (key: string) => string | null };
}

/** A call of the API from the page (same origin, the session's cookie, the selected organization's header). */
function apiFromPage<T>(page: Page, method: string, url: string): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([verb, path]) => {
      const organization = JSON.parse(
        (globalThis as unknown as BrowserWindow).localStorage.getItem('selectedOrganization') ?? '{}',
      ) as { id?: string };
      const response = await fetch(`/api/v1/${path}`, {
        method: verb,
        headers: { organizationid: organization.id ?? '' },
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    [method, url] as const,
  );
}

/** A datetime-local value (`YYYY-MM-DDTHH:mm`) `days` from now; the account's zone shifts it by hours at most. */
/** A time `days` from now as an English reader types it into the date-time picker (UTC, the demo account's zone). */
const localDaysFromNow = (days: number) => {
  const [date = '', time = ''] = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 16).split('T');
  const [year, month, day] = date.split('-');
  const [hours = 0, minutes = '00'] = [Number(time.slice(0, 2)), time.slice(3, 5)];
  const hour12 = String(hours % 12 === 0 ? 12 : hours % 12).padStart(2, '0');
  return `${month}/${day}/${year} ${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fills the first step of Add Event and goes Next, to Event Assignment. */
async function fillDetails(page: Page, name: string, startDays: number, endDays: number) {
  await page.getByTestId('event-name').fill(name);
  await page.getByTestId('event-description').fill('e2e_run');
  await page.getByTestId('event-start').fill(localDaysFromNow(startDays));
  await page.getByTestId('event-end').fill(localDaysFromNow(endDays));
  await page.getByTestId('event-details-next').click();
  await page.getByTestId('event-assign-form').waitFor({ timeout: WAIT_MS });
}

/** The id in the address of the event page the Summary opens. */
async function openEventFromSummary(page: Page): Promise<string> {
  await page.getByTestId('summary-open-event').click();
  await page.waitForURL((url) => /^\/admin\/events\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: WAIT_MS });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

describe('business events, signed in as the demo Admin', () => {
  beforeEach(async () => {
    await signInThroughPage(session.page, 'admin');
    await selectOrganizationInHeader(session.page);
  });

  it('adds an event, checks its rules, and skips the assignment', async () => {
    const { page } = session;
    const name = `e2e_skip_${Date.now().toString(36)}`;
    await page.goto(`${BASE_URL}/admin/events`);
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor({ timeout: WAIT_MS });
    // A filter matching nothing: the list's own empty text.
    await page.getByTestId('events-filter').fill(`no_such_event_${Date.now().toString(36)}`);
    await page.getByText('No Events Found').waitFor({ timeout: WAIT_MS });

    await page.getByTestId('event-add').click();
    await page.waitForURL((url) => url.pathname === '/admin/events/new', { timeout: WAIT_MS });
    await page.getByRole('heading', { name: 'Add Event', level: 1 }).waitFor({ timeout: WAIT_MS });

    // The rules of §5, word for word, before anything is sent.
    await page.getByTestId('event-name').fill('has space');
    await page.getByTestId('event-start').fill(localDaysFromNow(-1));
    await page.getByTestId('event-end').fill(localDaysFromNow(-2));
    await page.getByTestId('event-details-next').click();
    await page.getByText(NAME_RULE, { exact: true }).waitFor({ timeout: WAIT_MS });
    await page.getByText(DATES_RULE, { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(new URL(page.url()).pathname).toBe('/admin/events/new');

    await fillDetails(page, name, -2, -1);
    await page.getByTestId('event-assign-skip').click();
    const summary = page.getByTestId('event-summary');
    await summary.waitFor({ timeout: WAIT_MS });
    expect(await summary.getByText('Event saved without an assignment').count()).toBe(1);
    expect(await page.getByTestId('summary-name').textContent()).toBe(name);
    expect(await page.getByTestId('summary-resolved').textContent()).toBe('Assets the event resolves to: 0');
    expect(await page.getByTestId('summary-start').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M /);

    // Back to Events: the new event is listed and opens its page.
    await page.getByTestId('summary-back').click();
    await page.getByTestId('events-filter').fill(name);
    const link = page.getByRole('grid', { name: 'Events' }).getByRole('link', { name, exact: true });
    await link.waitFor({ timeout: WAIT_MS });
    await link.click();
    await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('event-rules').textContent()).toBe('Collections: 0, tags: 0, assets: 0');
  });

  it('assigns an event to a collection, shows its impact, saves an expected impact, updates it, and draws it as a band', async () => {
    const { page } = session;
    const collections = await apiFromPage<{ id: string; name: string; assetCount: number }[]>(
      page,
      'GET',
      'collections',
    );
    expect(collections.status).toBe(200);
    const collection = collections.body.filter((candidate) => candidate.assetCount > 0)[0];
    expect(collection).toBeDefined();
    const collectionName = collection?.name ?? '';
    const name = `e2e_assign_${Date.now().toString(36)}`;

    await page.goto(`${BASE_URL}/admin/events/new`);
    await page.getByTestId('event-name').waitFor({ timeout: WAIT_MS });
    // Inside the last 30 days, so the collection dashboard's default horizon covers it.
    await fillDetails(page, name, -6, -3);

    const picker = page.getByTestId('tag-target-picker');
    await picker.fill(collectionName);
    await page.getByRole('option', { name: new RegExp(`^Collection: ${escaped(collectionName)}`) }).click();
    await page.getByTestId(`target-collection:${collection?.id ?? ''}`).waitFor({ timeout: WAIT_MS });
    await page.keyboard.press('Escape');
    await page.getByTestId('event-assign-submit').click();

    const summary = page.getByTestId('event-summary');
    await summary.waitFor({ timeout: WAIT_MS });
    expect(await summary.getByText('Event assigned').count()).toBe(1);
    expect(await page.getByTestId('summary-collections').textContent()).toBe(collectionName);
    // The collection's members (the events service counts them as it resolves the rule).
    expect(await page.getByTestId('summary-resolved').textContent()).toMatch(/^Assets the event resolves to: [1-9]/);
    expect(await page.getByText('An error has occurred. The Event could not be assigned.').count()).toBe(0);

    // The event page: its rules, then the measured impact once analytics has measured it.
    const eventId = await openEventFromSummary(page);
    await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('event-rules').textContent()).toBe('Collections: 1, tags: 0, assets: 0');
    await page.getByTestId('impact-workloadHours').waitFor({ timeout: MEASURE_MS });
    expect(await page.getByTestId('event-measuring').count()).toBe(0);
    const workloadCells = await page.getByTestId('impact-workloadHours').locator('td').allTextContents();
    expect(workloadCells).toHaveLength(4);
    expect(workloadCells[0]).toMatch(/WCU-h$/);
    const costCells = await page.getByTestId('impact-cost').locator('td').allTextContents();
    expect(costCells[1]).toMatch(/^\$/);
    await page.getByTestId('impact-targets').getByText(collectionName, { exact: true }).waitFor({ timeout: WAIT_MS });

    // One expected percent for all assets: saved with the toast of upsertBusinessEventImpact.
    await page.getByTestId('expected-all').fill('12.5');
    await page.getByTestId('expected-save').click();
    await page.getByText('Expected impact saved').waitFor({ timeout: WAIT_MS });
    await pollUntil(
      'the expected impact to reach analytics',
      async () => {
        const impact = await apiFromPage<{ expectedImpactPercent: number | null }>(
          page,
          'GET',
          `assets/business-event/impact?businessEventId=${eventId}`,
        );
        return impact.body.expectedImpactPercent === 12.5;
      },
      { timeoutMs: MEASURE_MS, intervalMs: 1000 },
    );

    // Edit Event: pre-filled; Update keeps the collection.
    await page.getByTestId('event-edit').click();
    await page.getByRole('heading', { name: 'Edit Event', level: 1 }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('event-name').inputValue()).toBe(name);
    await page.getByTestId('event-description').fill('e2e_run_updated');
    await page.getByTestId('event-details-next').click();
    await page.getByTestId(`target-collection:${collection?.id ?? ''}`).waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('event-assign-submit').textContent()).toBe('Update');
    await page.getByTestId('event-assign-submit').click();
    await page.getByTestId('event-summary').waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('summary-description').textContent()).toBe('e2e_run_updated');
    expect(await page.getByTestId('summary-collections').textContent()).toBe(collectionName);

    // The collection's dashboard: the event is a band on its workload and cost charts, named on hover.
    await page.goto(`${BASE_URL}/collections/${collection?.id ?? ''}`);
    await page.getByRole('heading', { name: collectionName, level: 1 }).waitFor({ timeout: WAIT_MS });
    for (const widget of ['widget-workload-capacity', 'widget-workload-cost']) {
      await page.getByTestId(widget).scrollIntoViewIfNeeded(); // drawn once near the viewport
      const band = page.getByTestId(widget).locator(`[data-testid="event-band"][aria-label="${name}"]`);
      await band.waitFor({ state: 'attached', timeout: RENDER_MS });
      expect(await band.locator('title').textContent()).toBe(name);
      expect(Number(await band.locator('rect').getAttribute('width'))).toBeGreaterThan(0);
    }
  });
});
