import { jobsRuntime } from './jobs-env';

describe('jobsRuntime (JOBS_ENABLED, WORKER_ONLY)', () => {
  it('runs workers beside the API by default', () => {
    expect(jobsRuntime({})).toEqual({ workers: true, workerOnly: false });
  });

  it('only enqueues with JOBS_ENABLED=false, and runs only workers with WORKER_ONLY=true', () => {
    expect(jobsRuntime({ JOBS_ENABLED: 'false' })).toEqual({ workers: false, workerOnly: false });
    expect(jobsRuntime({ WORKER_ONLY: 'true' })).toEqual({ workers: true, workerOnly: true });
    expect(jobsRuntime({ WORKER_ONLY: 'true', JOBS_ENABLED: 'true' })).toEqual({ workers: true, workerOnly: true });
  });

  it('refuses values other than true/false and the contradictory pair', () => {
    expect(() => jobsRuntime({ WORKER_ONLY: 'yes' })).toThrow('WORKER_ONLY: must be "true" or "false"');
    expect(() => jobsRuntime({ WORKER_ONLY: 'true', JOBS_ENABLED: 'false' })).toThrow('WORKER_ONLY=true needs');
  });
});
