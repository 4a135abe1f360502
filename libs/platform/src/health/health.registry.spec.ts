import { HealthRegistry } from './health.registry';

describe('HealthRegistry', () => {
  it('is ready when every check passes, and names the one that fails', async () => {
    const registry = new HealthRegistry();
    let databaseUp = true;
    registry.register({
      name: 'database',
      check: async () => (databaseUp ? undefined : Promise.reject(new Error('down'))),
    });
    expect(await registry.run()).toEqual({ ok: true, checks: { database: { status: 'up' } } });
    databaseUp = false;
    expect(await registry.run()).toEqual({ ok: false, checks: { database: { status: 'down', error: 'down' } } });
  });

  it('says not ready from the shutdown signal on, without asking its dependencies', async () => {
    const registry = new HealthRegistry();
    const check = jest.fn(() => Promise.resolve());
    registry.register({ name: 'database', check });
    registry.drain();
    expect(registry.isDraining).toBe(true);
    expect(await registry.run()).toEqual({
      ok: false,
      checks: { shutdown: { status: 'down', error: 'shutting down' } },
    });
    expect(check).not.toHaveBeenCalled();
  });
});
