import { lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A lazily loaded component that can be asked to load ahead, and renders at once once it has loaded. */
export interface Preloadable<P extends object> extends FunctionComponent<P> {
  /** Starts loading the chunk (once); resolves when the component is ready. */
  preload(): Promise<unknown>;
}

/**
 * `React.lazy`, except that a component whose chunk has already loaded renders straight away instead of suspending.
 * A lazy component suspends on its first render even when its chunk is in memory, and React spaces the reveals of
 * suspended content at least 300 ms apart (FALLBACK_THROTTLE_MS): the layout, the page and the dashboard inside it
 * each cost up to that much before their requests could start. Preloaded ahead (`preloadPage`), they do not suspend.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = module.default)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function PreloadableComponent(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
