/**
 * An IntersectionObserver the test drives (jsdom has none): `install()` puts it in place, `report(true)` tells every
 * observer that what it watches came into range, `restore()` puts back what was there.
 */
export class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  private static original: unknown;
  readonly targets = new Set<Element>();
  disconnected = false;

  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.all.push(this);
  }

  static install(): void {
    const globals = globalThis as { IntersectionObserver?: unknown };
    FakeIntersectionObserver.original = globals.IntersectionObserver;
    globals.IntersectionObserver = FakeIntersectionObserver;
  }

  static restore(): void {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver.original;
    FakeIntersectionObserver.all = [];
  }

  /** Every observer reports each element it watches as intersecting (or not). */
  static reportAll(isIntersecting: boolean): void {
    for (const observer of [...FakeIntersectionObserver.all]) observer.report(isIntersecting);
  }

  observe(target: Element): void {
    this.targets.add(target);
  }

  unobserve(target: Element): void {
    this.targets.delete(target);
  }

  disconnect(): void {
    this.disconnected = true;
    this.targets.clear();
  }

  report(isIntersecting: boolean): void {
    const entries = [...this.targets].map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}
