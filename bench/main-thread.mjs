#!/usr/bin/env node
// The main thread's blocking while a page loads, at a phone's width, without throttling, in headless Chromium:
//   BASE_URL=http://localhost:8080 [RUNS=5] [PAGES=home,asset] npm run bench:main-thread
// Lighthouse's score multiplies the tasks of one load by 4 and its runs differ by more than most changes on a 2-core
// machine (bench/RESULTS.md#web); this loads each page RUNS times and prints the median and spread of its blocking time
// (the part over 50 ms of each task of the page's renderer main thread, from navigation until 3 s after the network
// is idle), the longest task and the largest contentful paint, beside the sign-in page measured the same way in the
// same run (the baseline: what the machine takes to start the app), and the ratio of the medians.
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { demoAdminCookies, firstIds } from './demo-session.mjs';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const RUNS = Number(process.env.RUNS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PHONE = { width: 412, height: 823 }; // Lighthouse's mobile screen
const SETTLE_MS = 3000;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'asset', path: '/assets/{asset}' },
  { name: 'collection', path: '/collections/{collection}' },
  { name: 'view', path: '/views/{view}' },
];

/** The tasks over 50 ms of the page's renderer main thread in a Chromium trace: their durations in ms. */
function longTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  // The renderer that ran the app's scripts (other renderers: Chromium's own pages).
  const pagePid = events.find(
    (event) => event.name === 'EvaluateScript' && event.args?.data?.url?.startsWith(BASE_URL),
  )?.pid;
  return events
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.name === 'RunTask' &&
        event.pid === pagePid &&
        mainThreads.has(`${event.pid}:${event.tid}`) &&
        event.dur > 50_000,
    )
    .map((event) => event.dur / 1000);
}

/** One fresh load of `url` (empty cache): blocking time, longest task, largest contentful paint. */
async function measure(browser, url, cookies) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const file = path.join(tmpdir(), `main-thread-${process.pid}.json`);
  try {
    await page.setViewport(PHONE);
    if (cookies) await context.setCookie(...cookies.map(({ name, value }) => ({ name, value, url: `${BASE_URL}/` })));
    await page.tracing.start({
      path: file,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await page.tracing.stop();
    const tasks = longTasks(JSON.parse(await readFile(file, 'utf8')));
    const lcp = await page.evaluate(
      () =>
        new Promise((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          }),
        ),
    );
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${page.url()}`);
    return {
      blocking: tasks.reduce((sum, duration) => sum + duration - 50, 0),
      longest: Math.max(0, ...tasks),
      lcp,
    };
  } finally {
    await context.close();
    await rm(file, { force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

const only = (process.env.PAGES ?? '').split(',').filter(Boolean);
const pages = only.length > 0 ? PAGES.filter((page) => only.includes(page.name)) : PAGES;
const cookies = await demoAdminCookies(BASE_URL);
const ids = await firstIds(BASE_URL, cookies);
const browser = await puppeteer.launch({
  executablePath: CHROME_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  const runs = async (url, signedIn) => {
    const results = [];
    for (let run = 0; run < RUNS; run++) results.push(await measure(browser, url, signedIn ? cookies : undefined));
    return results;
  };
  const summary = (results) => {
    const blocking = median(results.map((result) => result.blocking));
    const line =
      `blocking ${ms(blocking)} median ` +
      `(${results.map((result) => Math.round(result.blocking)).join(', ')}), ` +
      `longest task ${ms(median(results.map((result) => result.longest)))}, ` +
      `LCP ${ms(median(results.map((result) => result.lcp)))}`;
    return { blocking, line };
  };
  const baseline = summary(await runs(`${BASE_URL}/signin`, false));
  console.log(`${RUNS} loads each at ${PHONE.width}×${PHONE.height}, no throttling (${BASE_URL})`);
  console.log(`  sign-in (baseline): ${baseline.line}`);
  for (const page of pages) {
    const url = `${BASE_URL}${page.path.replace(/\{(\w+)\}/, (_, kind) => ids[kind])}`;
    const result = summary(await runs(url, true));
    const ratio = baseline.blocking > 0 ? `, ${(result.blocking / baseline.blocking).toFixed(1)}× the baseline` : '';
    console.log(`  ${page.name}: ${result.line}${ratio}`);
  }
} finally {
  await browser.close();
}
