import { startTransition, useCallback, useState } from 'react';

/**
 * How far outside the viewport an element counts as near: what it holds is drawn while it is still this far from being
 * scrolled into view.
 */
export const NEAR_VIEWPORT_MARGIN = '300px 0px';

/**
 * Whether the element given to the returned ref has come near the viewport (once true, it stays true). A dashboard draws
 * only the widgets a reader can see: drawn all at once, a phone's dashboard was seconds of blocked main thread for
 * charts below the fold (issue 21, item 8). The content is drawn in a transition React slices and interrupts. Without
 * IntersectionObserver (tests' jsdom, old browsers) everything counts as near.
 */
export function useNearViewport<E extends Element>(): [(element: E | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: E | null) => {
      if (!element || near) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          startTransition(() => setNear(true));
        },
        { rootMargin: NEAR_VIEWPORT_MARGIN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near],
  );
  return [ref, near];
}
