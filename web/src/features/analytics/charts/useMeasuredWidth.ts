import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The width of an element (a chart's box), observed: after each layout the browser reports it, no code asks for it.
 * A chart given its width does not measure its container in a layout effect, which forced a layout of the whole
 * page once per chart (20–110 ms each under Lighthouse's 4× CPU slowdown, on Home's five charts). `undefined` until
 * the first report; `null` where the browser has no ResizeObserver (jsdom): the chart then measures itself.
 */
export function useMeasuredWidth<T extends Element>(): [(element: T | null) => void, number | null | undefined] {
  const observable = typeof ResizeObserver !== 'undefined';
  const [width, setWidth] = useState<number | undefined>(undefined);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || !observable) return;
      observer.current = new ResizeObserver(([entry]) => {
        if (entry) setWidth(Math.floor(entry.contentRect.width));
      });
      observer.current.observe(element);
    },
    [observable],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, observable ? width : null];
}
