/**
 * Browser test of the phone width (390 px; issue 21, item 12): on every management grid the first row's status and
 * actions sit inside the viewport and the actions work (an edit dialog opens); column titles and names wrap instead
 * of being cut; the page never scrolls sideways; the profile's MFA chip is whole. Read-only on the demo data.
 */
import type { Locator, Page } from 'playwright-core';
import { pollUntil } from '@infra/platform/testing';
import { BROWSER_BASE_URL as BASE_URL, useBrowser, WAIT_MS } from './support/browser';
import { signInThroughPage } from './support/web-signin';

jest.setTimeout(300_000);

const session = useBrowser();
const WIDTH = 390;

/** The element's box; the grid may re-render a row under the test's feet (a late answer), so ask again until then. */
async function box(locator: Locator) {
  let found: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await pollUntil('the element to have a box', async () => (found = await locator.boundingBox()) !== null, {
    timeoutMs: WAIT_MS,
    intervalMs: 100,
  });
  return found!;
}

/** The element lies inside the viewport's width (it can be seen without scrolling sideways). */
async function expectInsideViewport(locator: Locator, what: string) {
  expect({ what, visible: await locator.isVisible() }).toEqual({ what, visible: true });
  const { x, width } = await box(locator);
  expect({ what, left: Math.floor(x) >= 0, right: Math.ceil(x + width) <= WIDTH }).toEqual({
    what,
    left: true,
    right: true,
  });
}

/** What the check reads of an element (this project's types have no DOM). */
interface BoxedText {
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
}

/** Texts that are cut with an ellipsis (wider than their box) among the matched elements. */
async function cutTexts(locator: Locator): Promise<string[]> {
  const cut: string[] = [];
  for (const element of await locator.all()) {
    if (!(await element.isVisible())) continue;
    const [scrollWidth, clientWidth, text] = await element.evaluate((node) => {
      const { scrollWidth, clientWidth, textContent } = node as unknown as BoxedText;
      return [scrollWidth, clientWidth, textContent ?? ''] as const;
    });
    if (scrollWidth > clientWidth + 1) cut.push(text);
  }
  return cut;
}

/** The page itself does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(scrollWidth).toBeLessThanOrEqual(WIDTH);
}

async function firstRow(page: Page, path: string): Promise<Locator> {
  await page.goto(`${BASE_URL}${path}`);
  const row = page.locator('.MuiDataGrid-row').first();
  await row.waitFor({ timeout: WAIT_MS });
  return row;
}

interface GridCase {
  name: string;
  path: string;
  /** Data fields of the first row that must be in view. */
  fields: string[];
  /** The label of an action that opens a dialog (matched at its start), when the grid has actions. */
  action?: RegExp;
}

const GRIDS: GridCase[] = [
  {
    name: 'tag library',
    path: '/admin/tag-library',
    fields: ['tagId', 'status', 'actions'],
    action: /^Edit /,
  },
  { name: 'assets', path: '/admin/assets', fields: ['name', 'status'] },
  { name: 'collections', path: '/admin/collections', fields: ['name', 'actions'], action: /^Rename / },
  { name: 'views', path: '/admin/views', fields: ['name', 'actions'], action: /^Edit / },
  { name: 'business events', path: '/admin/events', fields: ['name', 'actions'] },
  { name: 'members', path: '/admin/account/members', fields: ['name', 'role', 'actions'], action: /^Edit role of / },
  { name: 'organizations', path: '/admin/account/organizations', fields: ['name', 'actions'], action: /^Edit / },
];

describe('at 390 px, signed in as an Admin', () => {
  beforeEach(async () => {
    await signInThroughPage(session.page, 'admin');
    await session.page.setViewportSize({ width: WIDTH, height: 844 });
  });

  it.each(GRIDS.map((grid) => [grid.name, grid] as const))(
    '%s: the first row shows its status and actions, which work; nothing is cut',
    async (_name, { path, fields, action }) => {
      const { page } = session;
      const row = await firstRow(page, path);
      for (const field of fields) {
        const cell = row.locator(`[data-field="${field}"]`);
        await expectInsideViewport(cell, `${path} ${field}`);
      }
      const actions = row.locator('[data-field="actions"] button');
      for (const button of await actions.all()) await expectInsideViewport(button, `${path} action`);
      if (action) {
        await row.getByRole('menuitem', { name: action }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor({ timeout: WAIT_MS });
        // The paper is the dialog itself (it carries role="dialog"); it fades in.
        const paper = page.locator('.MuiDialog-paper');
        await paper.waitFor({ state: 'visible', timeout: WAIT_MS });
        await expectInsideViewport(paper, `${path} dialog`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden', timeout: WAIT_MS });
      }
      expect(await cutTexts(page.locator('.MuiDataGrid-columnHeaderTitle'))).toEqual([]);
      expect(await cutTexts(row.locator('[data-field="name"] a, [data-field="tagId"]'))).toEqual([]);
      await expectNoSidewaysScroll(page);
    },
  );

  it('profile: the MFA chip is whole and inside the viewport', async () => {
    const { page } = session;
    await page.goto(`${BASE_URL}/profile`);
    const chip = page.getByTestId('profile-mfa');
    await chip.waitFor({ timeout: WAIT_MS });
    await expectInsideViewport(chip, 'MFA chip');
    await expectInsideViewport(page.getByTestId('profile-role'), 'role chip');
    expect(await cutTexts(chip.locator('.MuiChip-label'))).toEqual([]);
    await expectNoSidewaysScroll(page);
  });
});
