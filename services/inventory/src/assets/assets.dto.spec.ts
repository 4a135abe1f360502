import { bodyErrorsOf } from '@infra/platform/testing';
import { UpsertAssetsDto } from './assets.dto';

const upsert = (...assets: unknown[]) => bodyErrorsOf(UpsertAssetsDto, { assets });

describe('PUT assets body shape', () => {
  it('accepts a list of asset objects', async () => {
    expect(await upsert({ externalId: 'i-1', name: 'web-1', cpu_cores: 4 })).toEqual([]);
  });

  it('refuses an item that is not an object (`{"assets":[[]]}` answered 500)', async () => {
    for (const item of [[], [{ externalId: 'i-1', name: 'web-1' }]]) {
      expect(await upsert({ externalId: 'i-2', name: 'ok' }, item)).toContain('each item of assets must be an object');
    }
    for (const item of ['i-1', 7, null]) expect(await upsert(item)).not.toEqual([]);
  });
});
