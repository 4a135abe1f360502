import type { AnalysesRepository } from './analyses.repository';
import { AnalysesService } from './analyses.service';
import type { RollupsRepository } from '../rollups/rollups.repository';

describe('cost analysis', () => {
  it('makes a database error the request’s error while the thresholds still load, never an unhandled rejection', async () => {
    // The finding: PostgreSQL refused the horizon's date in one query while another was awaited inside the
    // Promise.all array; nothing awaited the failed one yet, and Node exited on the unhandled rejection.
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const failure = Object.assign(new Error('date/time field value out of range'), { code: '22008' });
      let release: (thresholds: { min: number; max: number }) => void = () => undefined;
      const rollups = { thresholdsOf: () => new Promise((resolve) => (release = resolve)) };
      const analyses = {
        buckets: () => Promise.reject(failure),
        group: () => Promise.resolve({ assets: 0, reporting: 0 }),
        costBreakdown: () => Promise.resolve([]),
        currencyOf: () => Promise.resolve('USD'),
      };
      const service = new AnalysesService(
        analyses as unknown as AnalysesRepository,
        rollups as unknown as RollupsRepository,
      );
      const failed = service.costAnalysis({
        target: { organizationId: 'org', tagIds: [], collectionIds: [] },
        horizon: { start: 0, end: 3_600_000, granularity: 'hour' },
      });
      // The test's own handler, at once (the request's caller awaits it at once too).
      const outcome = failed.then(
        () => 'answered',
        (error: unknown) => error,
      );
      // Node reports a rejection without a handler once the microtasks have run: let it look.
      await new Promise((resolve) => setImmediate(resolve));
      release({ min: 20, max: 80 });
      expect(await outcome).toBe(failure);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
