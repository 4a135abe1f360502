// The alert rules: valid for Prometheus, each alert tested by promtool (alerts.test.yml), each with a section of
// docs/runbook.md that its `runbook` annotation links to, and each metric they read exported by the processes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { metricsRegistry } from '@infra/platform';
// Imported for their metrics: every process registers them (the messaging and jobs libraries).
import '@infra/messaging';
import '@infra/jobs';

const ROOT = path.resolve(__dirname, '../..');
const RULES = path.join(__dirname, 'alerts.yml');
const RUNBOOK = fs.readFileSync(path.join(ROOT, 'docs/runbook.md'), 'utf8');

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  annotations?: Record<string, string>;
}
const rules: Rule[] = (parse(fs.readFileSync(RULES, 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
  (group) => group.rules,
);
const alerts = rules.filter((rule) => rule.alert);

/** promtool, fetched once by the same code as `npm test` uses (deploy/scripts/lib/promtool.mjs). */
function promtool(): string {
  const found = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { ensurePromtool } = await import('./deploy/scripts/lib/promtool.mjs'); process.stdout.write(ensurePromtool());",
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 300_000 },
  );
  if (found.status !== 0) throw new Error(`promtool is not available: ${found.stderr}`);
  return found.stdout.trim().split('\n').at(-1)!;
}

describe('alert rules (deploy/monitoring/alerts.yml)', () => {
  it('are valid, and every alert fires and stays quiet as alerts.test.yml says (promtool)', () => {
    const tool = promtool();
    const checked = spawnSync(tool, ['check', 'rules', RULES], { encoding: 'utf8' });
    expect({ status: checked.status, output: checked.stdout + checked.stderr }).toMatchObject({ status: 0 });
    const tested = spawnSync(tool, ['test', 'rules', 'alerts.test.yml'], { cwd: __dirname, encoding: 'utf8' });
    expect({ status: tested.status, output: tested.stdout + tested.stderr }).toMatchObject({ status: 0 });
  });

  it('tests every alert in alerts.test.yml', () => {
    const tested = new Set(
      (
        parse(fs.readFileSync(path.join(__dirname, 'alerts.test.yml'), 'utf8')) as {
          tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
        }
      ).tests.flatMap((test) =>
        (test.alert_rule_test ?? []).filter((check) => check.exp_alerts.length > 0).map((check) => check.alertname),
      ),
    );
    expect(alerts.map((rule) => rule.alert).filter((name) => !tested.has(name!))).toEqual([]);
  });

  it('gives every alert a runbook section, which its annotation links to', () => {
    for (const { alert, annotations } of alerts) {
      expect({ alert, runbook: annotations?.runbook }).toEqual({
        alert,
        runbook: `docs/runbook.md#${alert!.toLowerCase()}`,
      });
      expect({ alert, section: RUNBOOK.includes(`\n### ${alert}\n`) }).toEqual({ alert, section: true });
    }
  });

  it('reads only metrics the processes export, or rules of its own', async () => {
    const exported = new Set<string>();
    for (const metric of await metricsRegistry.getMetricsAsJSON()) {
      exported.add(metric.name);
      if (String(metric.type) === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${metric.name}${suffix}`);
    }
    const recorded = new Set(rules.flatMap((rule) => (rule.record ? [rule.record] : [])));
    // Every selector is written `name{…}` (alerts.yml keeps to it): what stands before a `{` is a metric.
    const read = rules.flatMap((rule) => [...rule.expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((m) => m[1]!));
    expect(read.length).toBeGreaterThan(0);
    expect([...new Set(read)].filter((name) => !exported.has(name) && !recorded.has(name))).toEqual([]);
  });
});
