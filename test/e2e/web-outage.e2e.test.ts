/**
 * Browser test of a backend that is down (issue 21, item 9), on the Home dashboard: the analytics calls answer 502
 * (as the gateway does while a service is down) through `page.route`, and the page's clock is Playwright's, paused
 * and moved on by hand, so nothing here depends on the machine's speed. Checks: every analysis widget says it is
 * retrying; an outage that outlasts the 10 attempts raises one error toast, not one per widget; and once the service
 * answers, the next retry (at most 3 s of the page's time away) brings the data.
 */
import type { Page, Route } from 'playwright-core';
import { MESSAGES } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { signInThroughPage, selectOrganizationInHeader } from './support/web-signin';

jest.setTimeout(300_000);

const session = useBrowser();

/** The analyses of the Home dashboard: analytics' organization routes. */
const ANALYSIS_PATH =
  /\/api\/v1\/organizations\/(system-utilization|workload|cost-analysis|workload-gap-analysis|system-ratings|business-overview)$/;
const ANALYSIS_WIDGETS = [
  'widget-infra-rating',
  'widget-system-ratings',
  'widget-business-overview',
  'widget-workload-capacity',
  'widget-workload-cost',
  'widget-capacity-gap',
  'widget-system-utilization',
];
/** The longest a retry may wait (web/src/config RETRY_MAX_DELAY_MS). */
const MAX_RETRY_WAIT_MS = 3000;
/** How far the test moves the page's clock at a time. */
const CLOCK_STEP_MS = 250;

const toasts = (page: Page) => page.locator('.notistack-SnackbarContainer [role="alert"]');

/**
 * Sends the analyses to a service that is down until `up()`: each call waits until `release()` (the page's clock is
 * paused by then), then answers the gateway's 502 body, and counts the calls per URL.
 */
async function analyticsOutage(page: Page) {
  const calls = new Map<string, number>();
  const answered = { count: 0 };
  let down = true;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => ANALYSIS_PATH.test(url.pathname),
    async (route: Route) => {
      await released;
      const url = route.request().url();
      calls.set(url, (calls.get(url) ?? 0) + 1);
      if (!down) return route.continue();
      await route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 502, message: MESSAGES.unavailable, errorId: `e2e-${calls.get(url)}` }),
      });
      answered.count += 1;
    },
  );
  return {
    calls,
    answered,
    release,
    up: () => {
      down = false;
    },
  };
}

/**
 * Opens Home with the page's clock installed, lets the analyses' first calls fail, and pauses the clock: from
 * then on a retry happens only when the test moves the clock on.
 */
async function openHomeDuringOutage(page: Page) {
  await signInThroughPage(page, 'admin');
  await selectOrganizationInHeader(page);
  const outage = await analyticsOutage(page);
  await page.clock.install();
  await page.goto(`${BASE_URL}/`);
  await page.getByTestId('home-greeting').waitFor({ timeout: WAIT_MS });
  for (const testId of ANALYSIS_WIDGETS) await page.getByTestId(testId).waitFor({ timeout: WAIT_MS });
  // Paused a moment after the page's own time (no retry is due yet: the calls are held). The page's clock runs
  // meanwhile, so on a busy machine that moment may have passed already: then aim again.
  await pollUntil(
    "the page's clock to pause",
    async () =>
      page.clock
        .pauseAt(((await page.evaluate('Date.now()')) as number) + 250)
        .then(() => true)
        .catch(() => false),
    { timeoutMs: WAIT_MS, intervalMs: 10 },
  );
  outage.release();
  // Every analysis asked once and failed (the widgets mounted above asked before the pause).
  await pollUntil('the first calls of the analyses', async () => outage.calls.size >= 6, {
    timeoutMs: WAIT_MS,
    intervalMs: 100,
  });
  return outage;
}

/**
 * Moves the page's clock on until every analysis has been asked again (the ones behind catch up with the round), and
 * checks that it took at most the longest retry wait. The clock moves only once every failed answer has reached the
 * page, then in small steps (the page schedules a retry when its answer's handling ends, a moment of real time
 * later): the steps may overshoot the retry by one, never by the 0.8 s between the cap and the shortest uncapped
 * wait.
 */
async function nextRetry(page: Page, outage: { calls: Map<string, number>; answered: { count: number } }) {
  const before = new Map(outage.calls);
  const asked = [...before.values()].reduce((sum, count) => sum + count, 0);
  await pollUntil('the failed answers to reach the page', async () => outage.answered.count >= asked, {
    timeoutMs: WAIT_MS,
    intervalMs: 50,
  });
  // One round further than the analysis furthest behind: one a retry ahead of the others (its random wait ran out
  // within the last clock step of the round before) has its call of this round already.
  const round = Math.min(...before.values()) + 1;
  const everyOneAskedAgain = () => [...before.keys()].every((url) => (outage.calls.get(url) ?? 0) >= round);
  let advanced = 0;
  await pollUntil(
    'every analysis to be asked again',
    async () => {
      if (everyOneAskedAgain()) return true;
      if (advanced < MAX_RETRY_WAIT_MS + CLOCK_STEP_MS) {
        await page.clock.runFor(CLOCK_STEP_MS);
        advanced += CLOCK_STEP_MS;
      }
      return false;
    },
    { timeoutMs: WAIT_MS * 2, intervalMs: 100 },
  ).catch((error: Error) => {
    throw new Error(
      `${error.message} (calls before ${JSON.stringify([...before])}, now ${JSON.stringify([...outage.calls])})`,
    );
  });
  expect(advanced).toBeLessThanOrEqual(MAX_RETRY_WAIT_MS + CLOCK_STEP_MS);
}

/** Whether a widget frame shows content: no placeholder, no retrying note, no widget error. */
async function widgetShowsData(page: Page, testId: string): Promise<boolean> {
  const frame = page.getByTestId(testId);
  await frame.scrollIntoViewIfNeeded(); // drawn once near the viewport
  return (
    (await frame.locator('.MuiSkeleton-root').count()) === 0 &&
    (await frame.getByTestId('widget-retrying').count()) === 0 &&
    (await frame.getByTestId('widget-error').count()) === 0
  );
}

describe('Home while analytics is down', () => {
  it('says each widget is retrying, and shows the data within one capped wait once analytics answers', async () => {
    const { page } = session;
    const outage = await openHomeDuringOutage(page);
    await nextRetry(page, outage);
    for (const testId of ANALYSIS_WIDGETS) {
      const note = page.getByTestId(testId).getByTestId('widget-retrying');
      await note.waitFor({ timeout: WAIT_MS });
      expect(await note.textContent()).toMatch(/^Retrying… \(attempt \d+ of 10\)$/);
    }
    // Down for five attempts: the next wait is the one that was 3.8–13.4 s before the cap.
    for (let step = 0; step < 3; step += 1) await nextRetry(page, outage);
    expect(Math.min(...outage.calls.values())).toBeGreaterThanOrEqual(5);
    expect(await toasts(page).count()).toBe(0);

    outage.up();
    await nextRetry(page, outage);
    await pollUntil(
      'every analysis widget to show its data',
      async () => {
        await page.clock.runFor(CLOCK_STEP_MS); // whatever the page draws on a timer
        return (await Promise.all(ANALYSIS_WIDGETS.map((testId) => widgetShowsData(page, testId)))).every(Boolean);
      },
      { timeoutMs: 45_000, intervalMs: 200 },
    );
    expect(await toasts(page).count()).toBe(0);
  });

  it('raises one error toast for the whole outage when it outlasts the 10 attempts', async () => {
    const { page } = session;
    const outage = await openHomeDuringOutage(page);
    for (let step = 0; step < 9; step += 1) await nextRetry(page, outage);
    expect(Math.min(...outage.calls.values())).toBe(10);
    // The last answers may still be on their way when the tenth call is counted: let the page's time run on meanwhile.
    await pollUntil(
      'every analysis widget to show its error',
      async () => {
        await page.clock.runFor(CLOCK_STEP_MS);
        const shown = await Promise.all(
          ANALYSIS_WIDGETS.map(
            async (testId) => (await page.getByTestId(testId).getByTestId('widget-error').count()) > 0,
          ),
        );
        return shown.every(Boolean);
      },
      { timeoutMs: WAIT_MS * 2, intervalMs: 200 },
    );
    expect(Math.min(...outage.calls.values())).toBe(10);
    // The toast slides in on the page's timers, which run only when the test moves the clock.
    await pollUntil(
      'the error toast to show',
      async () => {
        await page.clock.runFor(CLOCK_STEP_MS);
        return toasts(page).first().isVisible();
      },
      { timeoutMs: WAIT_MS * 2, intervalMs: 200 },
    );
    expect(await toasts(page).count()).toBe(1);
    expect(await toasts(page).first().textContent()).toContain(MESSAGES.queryError);
  });
});
