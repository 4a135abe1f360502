import { LRUCache } from 'lru-cache';

/**
 * An LRU cache of identity's answers that can forget some of them at once (an access change). A look-up still in
 * flight when the change arrives may carry the old answer, so it is dropped too and its callers ask again.
 */
export class AnswerCache<K extends string, V extends object, C> {
  private readonly cache: LRUCache<K, V, C>;
  private readonly inFlight = new Set<K>();
  private generation = 0;

  constructor(options: LRUCache.Options<K, V, C> & { fetchMethod: LRUCache.Fetcher<K, V, C> }) {
    const fetchMethod = options.fetchMethod;
    this.cache = new LRUCache<K, V, C>({
      ...options,
      fetchMethod: async (key, stale, fetchOptions) => {
        this.inFlight.add(key);
        try {
          return await fetchMethod(key, stale, fetchOptions);
        } finally {
          this.inFlight.delete(key);
        }
      },
    });
  }

  /** The cached answer, or the fetch method's for this context (shared by concurrent callers of one key). */
  async fetch(key: K, context: C): Promise<V | undefined> {
    const generation = this.generation;
    try {
      return await this.load(key, context);
    } catch (error) {
      // Dropped by a change while in flight: the next look-up sees the committed change.
      if (generation === this.generation) throw error;
      return this.load(key, context);
    }
  }

  private load(key: K, context: C): Promise<V | undefined> {
    // lru-cache types the options by whether C is void, which a generic C cannot tell.
    const fetch = this.cache.fetch.bind(this.cache) as (k: K, options: { context: C }) => Promise<V | undefined>;
    return fetch(key, { context });
  }

  /** Drops the answers that match, and every look-up in flight (whose answer may predate the change). */
  forget(matches: (key: K, value: V) => boolean): void {
    this.generation += 1;
    for (const key of [...this.inFlight]) this.cache.delete(key);
    for (const [key, value] of [...this.cache.entries()]) if (matches(key, value)) this.cache.delete(key);
  }

  /** Drops everything (changes may have been missed while the subscription was down). */
  clear(): void {
    this.generation += 1;
    this.cache.clear();
  }
}
