// The widgets of each dashboard and the in-page watcher that times their rendering: shared by the dashboards'
// browser test and `npm run bench:dashboard` (no jest here).

/** The widgets each kind of dashboard shows (AnalyticsSections). */
const ANALYSES = [
  'widget-workload-capacity',
  'widget-workload-cost',
  'widget-capacity-gap',
  'widget-system-utilization',
];
export const DASHBOARD_WIDGETS = {
  organization: [
    'widget-highlights',
    'widget-inventory',
    'widget-infra-rating',
    'widget-view-ratings',
    'widget-system-ratings',
    'widget-business-overview',
    ...ANALYSES,
  ],
  asset: ['widget-infra-rating', 'widget-system-ratings', ...ANALYSES],
  collection: [
    'widget-infra-rating',
    'widget-view-ratings',
    'widget-system-ratings',
    'widget-collection-summary',
    ...ANALYSES,
  ],
  view: [
    'widget-infra-rating',
    'widget-view-ratings',
    'widget-system-ratings',
    'widget-business-overview',
    ...ANALYSES,
  ],
};

/** What a widget shows until it is drawn: its placeholder, a spinner or a progress bar. */
const WAITING = '.MuiSkeleton-root, .MuiCircularProgress-root, [role="progressbar"]';

/**
 * A widget is drawn once it comes near the viewport (useNearViewport). For `page.evaluate`: scrolls, as a reader
 * would, to the first element still waiting out of view (of `frames`, or a placeholder itself), and
 * returns how many placeholders the page shows. A plain script, not a function: the page's CSP forbids eval.
 */
export function scrollToWaiting(frames = WAITING): string {
  return `(() => {
    const waiting = [...document.querySelectorAll(${JSON.stringify(frames)})].filter((element) =>
      element.matches(${JSON.stringify(WAITING)}) || element.querySelector(${JSON.stringify(WAITING)}));
    const outOfView = waiting.find((element) => {
      const { top, bottom } = element.getBoundingClientRect();
      return bottom < 0 || top > window.innerHeight;
    });
    outOfView?.scrollIntoView({ block: 'center' });
    return document.querySelectorAll(${JSON.stringify(WAITING)}).length;
  })()`;
}

/**
 * A script for `page.evaluate` that watches on every animation frame for the `expected` widget frames to be on the
 * page and every widget frame to show content (no skeleton, no spinner, something besides its title), scrolling to
 * the widgets still waiting out of view (scrollToWaiting), and keeps `performance.now()` of the first frame where that
 * holds (milliseconds since the navigation started) in `window[key]`.
 */
export function renderWatcher(expected: readonly string[], key: string): string {
  return `(() => {
    const expected = ${JSON.stringify(expected)};
    const check = () => {
      const frames = [...document.querySelectorAll('section[data-testid^="widget-"]')];
      const present = new Set(frames.map((frame) => frame.getAttribute('data-testid')));
      ${scrollToWaiting('section[data-testid^="widget-"]')};
      if (!expected.every((id) => present.has(id))) return false;
      return frames.every((frame) => {
        if (frame.querySelector(${JSON.stringify(WAITING)})) return false;
        const content = frame.querySelector('.MuiCardContent-root');
        return content !== null && content.children.length > 1;
      });
    };
    const watch = () => {
      if (check()) window[${JSON.stringify(key)}] = performance.now();
      else requestAnimationFrame(watch);
    };
    watch();
  })()`;
}
