// Spec-driven fuzzing of every operation through the real gateway (issue 20, resilience). For each route of the
// gateway's table, requests generated with fast-check from the owning service's OpenAPI document — fitting values
// mutated with wrong types, nulls, empty and huge arrays, huge and negative numbers, out-of-range dates, unpaired
// surrogates, NUL, 10 KB strings, extra properties, arrays for objects; path ids of the fuzzer's own entities as
// well as random and malformed ones — as a System Admin, an Admin, a User, an API key and anonymously. No answer may
// be a 5xx, every error answer is the standard body, and /health/live of every process keeps answering meanwhile.
//
// The fuzzer works in a tenant of its own (support/api-fuzz/fixtures.ts) and keeps the demo System Admin off the
// routes about the caller themself, so the demo data and sessions later tests use are untouched. Fixed seed here;
// `npm run bench:fuzz` is the long form (FUZZ_RUNS, FUZZ_SEED).
import { tokenFor } from './support/api-client';
import { accountIds, archiveNewAccounts, clearClientThrottles } from './support/api-fuzz/cleanup';
import { createFuzzWorld } from './support/api-fuzz/fixtures';
import { formatReport, runFuzz, type FuzzReport } from './support/api-fuzz/fuzz';

jest.setTimeout(400_000);

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

describe('API fuzz (every operation, every role, requests from the OpenAPI documents)', () => {
  let report: FuzzReport;
  let sysadmin: string;
  let accountsBefore: Set<string>;

  beforeAll(async () => {
    const world = await createFuzzWorld();
    sysadmin = world.callers[0].token!;
    accountsBefore = await accountIds(sysadmin);
    report = await runFuzz(world, {
      baseUrl: BASE_URL,
      portOffset: PORT_OFFSET,
      seed: Number(process.env.FUZZ_SEED ?? 20),
      runs: Number(process.env.FUZZ_RUNS ?? 6),
      refusedRuns: 1,
      concurrency: 4,
    });
    process.stdout.write(`${formatReport(report)}\n`);
  });

  afterAll(async () => {
    await clearClientThrottles();
    if (sysadmin && accountsBefore) await archiveNewAccounts((await tokenFor('sysadmin')).accessToken, accountsBefore);
  });

  it('sends requests to every served route', () => {
    const unsent = Object.entries(report.byRoute)
      .filter(([, figures]) => figures.requests === 0)
      .map(([key]) => key);
    expect(unsent).toEqual([]);
  });

  it('answers no request with a 5xx', () => {
    expect(report.findings.filter((finding) => finding.kind === '5xx')).toEqual([]);
  });

  it('answers every error with the standard body { statusCode, message, errorId, code }', () => {
    expect(report.findings.filter((finding) => finding.kind === 'non-standard error body')).toEqual([]);
  });

  it('answers every request', () => {
    expect(report.findings.filter((finding) => finding.kind === 'no answer')).toEqual([]);
  });

  // The 100 ms budget is for a quiet machine (see the bench); a busy CI machine only has to keep answering.
  it('keeps answering /health/live of the gateway and every service meanwhile', () => {
    for (const figures of report.health) {
      expect([figures.target, figures.failures]).toEqual([figures.target, 0]);
      expect([figures.target, figures.samples > 0]).toEqual([figures.target, true]);
    }
  });
});
