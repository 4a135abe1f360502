// The long form of the spec-driven API fuzzer (test/e2e/api-fuzz.e2e.test.ts runs the short one in `npm test`):
// every route of the gateway's table, as every role, with requests generated from the services' OpenAPI documents,
// in a tenant of its own. Prints the requests per route, the 5xx and other findings, and /health/live latencies.
// Needs the product running (`npm start`, or a product copy); then `npm run bench:fuzz`.
// BASE_URL (http://localhost:8080), E2E_PORT_OFFSET (0: the services' ports are 3001… plus it), E2E_MAIL_DIR (the
// product's MAIL_DIR, `.local/mail` for `npm start`, `.cache/mail-<offset>` for a copy), REDIS_URL (the product's:
// the fuzzer's per-client throttles are cleared afterwards), FUZZ_RUNS (40 per route and admitted caller),
// FUZZ_SEED (random; printed), FUZZ_CONCURRENCY (4).
import path from 'node:path';

async function main(): Promise<void> {
  // The fixtures read the mail directory when loaded: an absolute path, as this runs from its build directory.
  process.env.E2E_MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR ?? '.local/mail');
  const { createFuzzWorld } = await import('../test/e2e/support/api-fuzz/fixtures');
  const { formatReport, runFuzz } = await import('../test/e2e/support/api-fuzz/fuzz');
  const { accountIds, archiveNewAccounts, clearClientThrottles } = await import('../test/e2e/support/api-fuzz/cleanup');
  const { BASE_URL } = await import('../test/e2e/support/api-client');

  const runs = Number(process.env.FUZZ_RUNS ?? 40);
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const world = await createFuzzWorld();
  const sysadmin = world.callers[0].token!;
  const before = await accountIds(sysadmin);
  try {
    const report = await runFuzz(world, {
      baseUrl: BASE_URL,
      portOffset: Number(process.env.E2E_PORT_OFFSET ?? 0),
      seed,
      runs,
      refusedRuns: Math.max(2, Math.round(runs / 5)),
      concurrency: Number(process.env.FUZZ_CONCURRENCY ?? 4),
      onFinding: (finding) =>
        process.stdout.write(`${finding.kind} ${finding.status ?? ''} ${finding.request}\n  -> ${finding.response}\n`),
    });
    process.stdout.write(`${formatReport(report)}\n`);
    process.exitCode = report.findings.length > 0 ? 1 : 0;
  } finally {
    await clearClientThrottles();
    await archiveNewAccounts(sysadmin, before);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
