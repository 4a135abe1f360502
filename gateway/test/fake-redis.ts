import { COMPLETE_SCRIPT, type IdempotencyRedis, RELEASE_SCRIPT } from '../src/idempotency/idempotency.store';

/** Redis's SET NX PX, GET and the store's two scripts, in memory, with expiry on the (fake) clock. */
export class FakeRedis implements IdempotencyRedis {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  private live(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) this.entries.delete(key);
    return this.entries.get(key)?.value;
  }

  async set(key: string, value: string, _px: 'PX', ms: number, _nx: 'NX'): Promise<'OK' | null> {
    await Promise.resolve();
    if (this.live(key) !== undefined) return null;
    this.entries.set(key, { value, expiresAt: Date.now() + ms });
    return 'OK';
  }

  async get(key: string): Promise<string | null> {
    await Promise.resolve();
    return this.live(key) ?? null;
  }

  async eval(script: string, _keys: number, ...args: (string | number)[]): Promise<unknown> {
    await Promise.resolve();
    const [key, expected, value, ttl] = args.map(String);
    if (this.live(key) !== expected) return script === COMPLETE_SCRIPT ? null : 0;
    if (script === COMPLETE_SCRIPT) {
      this.entries.set(key, { value, expiresAt: Date.now() + Number(ttl) });
      return 'OK';
    }
    if (script === RELEASE_SCRIPT) return this.entries.delete(key) ? 1 : 0;
    throw new Error('unknown script');
  }
}
