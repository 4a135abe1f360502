#!/usr/bin/env node
// Lighthouse (mobile profile) of the web app's main pages (sign-in, Home, account, admin, the management grids, and
// the dashboards of an asset, a collection and a view), signed in as the demo Admin (no MFA):
//   BASE_URL=http://localhost:8080 [PAGES=home,asset] npm run bench:lighthouse [-- --check]
// Prints performance, accessibility and best practices per page, with the first and largest contentful
// paints, the total blocking time, the layout shift, the
// bytes transferred and whether text was compressed. With --check it exits 1 when a page misses the goal
// (performance >= 90, accessibility 100). Chromium: CHROME_PATH (default /usr/bin/chromium), headless.
// LIGHTHOUSE_REPORT_DIR=<dir> also writes each page's full report there (<page>.json) for a closer look.
import { writeFile } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { demoAdminCookies, firstIds } from './demo-session.mjs';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const GOAL = { performance: 90, accessibility: 100 };
const PAGES = [
  { name: 'sign-in', path: '/signin', signedIn: false },
  { name: 'home', path: '/', signedIn: true },
  { name: 'account', path: '/account', signedIn: true },
  { name: 'admin account', path: '/admin/account', signedIn: true },
  { name: 'admin assets', path: '/admin/assets', signedIn: true },
  { name: 'admin collections', path: '/admin/collections', signedIn: true },
  { name: 'admin views', path: '/admin/views', signedIn: true },
  // The dashboards of the first asset, collection and view of the organization the app opens by default.
  { name: 'asset', path: '/assets/{asset}', signedIn: true },
  { name: 'collection', path: '/collections/{collection}', signedIn: true },
  { name: 'view', path: '/views/{view}', signedIn: true },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
];

/**
 * Readies the tab for a signed-in run: an empty HTTP cache (a first visit's downloads, as Lighthouse's own
 * reset would give) but the session cookies in place (the reset would delete them).
 */
async function signedInTab(tab, cookies) {
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  for (const cookie of cookies) {
    await cdp.send('Network.setCookie', { ...cookie, url: `${BASE_URL}${cookie.path}`, httpOnly: true });
  }
  await cdp.detach();
}

const seconds = (lhr, auditId) => Number(((lhr.audits[auditId].numericValue ?? 0) / 1000).toFixed(1));
const score = (category) => Math.round((category?.score ?? 0) * 100);

/** The audits that explain a score below the goal: failed ones with a weight, worst first. */
function failedAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  return category.auditRefs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      // Accessibility audits name the elements at fault: show where to look.
      const nodes = (audit.details?.items ?? [])
        .map((item) => item.node?.snippet)
        .filter(Boolean)
        .slice(0, 3);
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      return `${ref.id}${value}${nodes.length > 0 ? ` at ${nodes.join(' | ')}` : ''}`;
    });
}

// PAGES=home,asset measures only the pages whose name is listed.
const only = (process.env.PAGES ?? '').split(',').filter(Boolean);
if (only.length > 0) PAGES.splice(0, PAGES.length, ...PAGES.filter((page) => only.includes(page.name)));
const cookies = await demoAdminCookies(BASE_URL);
const ids = await firstIds(BASE_URL, cookies);
for (const page of PAGES) page.path = page.path.replace(/\{(\w+)\}/, (_, kind) => ids[kind]);
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const rows = [];
let missed = false;
try {
  for (const page of PAGES) {
    const tab = await browser.newPage();
    if (page.signedIn) await signedInTab(tab, cookies);
    const result = await lighthouse(
      `${BASE_URL}${page.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        disableStorageReset: page.signedIn,
      },
      undefined,
      tab,
    );
    await tab.close();
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    const { lhr } = result;
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      const file = `${process.env.LIGHTHOUSE_REPORT_DIR}/${page.name.replace(/\W+/g, '-')}.json`;
      await writeFile(file, JSON.stringify(lhr));
    }
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath}: not signed in?`);
    const row = {
      page: `${page.name} (${page.path})`,
      performance: score(lhr.categories.performance),
      accessibility: score(lhr.categories.accessibility),
      'best-practices': score(lhr.categories['best-practices']),
      'FCP s': seconds(lhr, 'first-contentful-paint'),
      'LCP s': seconds(lhr, 'largest-contentful-paint'),
      'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
      CLS: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
      'transfer KiB': Math.round((lhr.audits['total-byte-weight'].numericValue ?? 0) / 1024),
      compressed: lhr.audits['uses-text-compression'].score === 1 ? 'yes' : 'no',
    };
    rows.push(row);
    if (row.performance < GOAL.performance || row.accessibility < GOAL.accessibility) {
      missed = true;
      for (const categoryId of CATEGORIES) {
        const failed = failedAudits(lhr, categoryId);
        if (failed.length > 0) console.log(`${page.path} ${categoryId}: ${failed.join('; ')}`);
      }
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
}
console.table(rows);
console.log(
  `goal: performance >= ${GOAL.performance}, accessibility ${GOAL.accessibility} (Lighthouse mobile, ${BASE_URL})`,
);
if (missed && process.argv.includes('--check')) process.exit(1);
