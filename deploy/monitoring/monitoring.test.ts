// The alert rules: valid for Prometheus, each alert tested by promtool (alerts.test.yml), each with a section of
// docs/runbook.md that its `runbook` annotation links to, and each metric they read exported by the processes; and
// the Grafana dashboards: well formed, in valid PromQL, on exported metrics only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { parse, stringify } from 'yaml';
import { metricsRegistry } from '@infra/platform';
// Imported for their metrics: every process registers them (the messaging and jobs libraries).
import '@infra/messaging';
import '@infra/jobs';
import { PipelineMetrics } from '../../services/analytics/src/pipeline-metrics/pipeline-metrics';

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

/** The metric names a PromQL expression reads: every selector is written `name{…}` (alerts.yml and the dashboards keep
 * to it), so what stands before a `{` is a metric. */
const metricsReadBy = (expr: string) => [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((match) => match[1]!);

/** What the processes export (histograms with their series), and what the rules record. */
// analytics' pipeline gauges register as its module starts; their reads answer nothing here.
new PipelineMetrics({ rollupBacklog: async () => [], freshnessByOrganization: async () => [] } as never).onModuleInit();

async function knownMetrics(): Promise<Set<string>> {
  const known = new Set(rules.flatMap((rule) => (rule.record ? [rule.record] : [])));
  for (const metric of await metricsRegistry.getMetricsAsJSON()) {
    known.add(metric.name);
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) known.add(`${metric.name}${suffix}`);
  }
  return known;
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
    const known = await knownMetrics();
    const read = rules.flatMap((rule) => metricsReadBy(rule.expr));
    expect(read.length).toBeGreaterThan(0);
    expect([...new Set(read)].filter((name) => !known.has(name))).toEqual([]);
  });
});

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource: { type: string; uid: string };
  targets: { refId: string; expr: string }[];
}
const DASHBOARDS = path.join(__dirname, 'dashboards');
const dashboards = fs
  .readdirSync(DASHBOARDS)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({
    file,
    ...(JSON.parse(fs.readFileSync(path.join(DASHBOARDS, file), 'utf8')) as {
      uid: string;
      title: string;
      panels: Panel[];
    }),
  }));

describe('Grafana dashboards (deploy/monitoring/dashboards)', () => {
  it('are dashboards of unique uids whose panels query the Prometheus data source chosen', () => {
    expect(dashboards.length).toBeGreaterThan(0);
    expect(new Set(dashboards.map((dashboard) => dashboard.uid)).size).toBe(dashboards.length);
    for (const { file, title, panels } of dashboards) {
      expect({ file, title: typeof title, panels: panels.length > 0 }).toEqual({ file, title: 'string', panels: true });
      expect(new Set(panels.map((panel) => panel.id)).size).toBe(panels.length);
      for (const panel of panels) {
        expect({ file, panel: panel.title, datasource: panel.datasource }).toEqual({
          file,
          panel: panel.title,
          datasource: { type: 'prometheus', uid: '${datasource}' },
        });
        expect(panel.targets.length).toBeGreaterThan(0);
        expect(panel.gridPos.w).toBeLessThanOrEqual(24);
      }
    }
  });

  it('query only metrics the processes export, or the rules record', async () => {
    const known = await knownMetrics();
    const unknown = dashboards.flatMap(({ file, panels }) =>
      panels.flatMap((panel) =>
        panel.targets.flatMap(({ expr }) =>
          metricsReadBy(expr)
            .filter((name) => !known.has(name))
            .map((name) => `${file} "${panel.title}": ${name}`),
        ),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('query in valid PromQL (each query checked by promtool as a rule)', () => {
    const exprs = dashboards.flatMap(({ panels }) => panels.flatMap((panel) => panel.targets.map(({ expr }) => expr)));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dashboards-')), 'queries.yml');
    fs.writeFileSync(
      file,
      stringify({
        groups: [{ name: 'dashboards', rules: exprs.map((expr, i) => ({ record: `dashboard:query:${i}`, expr })) }],
      }),
    );
    const checked = spawnSync(promtool(), ['check', 'rules', file], { encoding: 'utf8' });
    expect({ status: checked.status, output: checked.stdout + checked.stderr }).toMatchObject({ status: 0 });
  });
});
