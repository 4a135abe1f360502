// The running product's processes (PID_DIR's processes.json: `.cache/pids` for `npm start`, `.cache/pids-<offset>` for
// a copy) and what their /metrics say, for the benches that watch the product from outside.
import fs from 'node:fs';
import path from 'node:path';

const PID_DIR = process.env.PID_DIR ?? '.cache/pids';

export interface ProductProcess {
  name: string;
  metricsPort: number;
}

export function productProcesses(): ProductProcess[] {
  const file = path.join(PID_DIR, 'processes.json');
  if (!fs.existsSync(file)) {
    process.stdout.write(`(no ${file}: the processes' metrics are not read)\n`);
    return [];
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ProductProcess[];
}

/** One sample of a metric: its labels and value. */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The process's /metrics as text ('' when it cannot be read). */
export function metricsText(process_: ProductProcess): Promise<string> {
  return fetch(`http://127.0.0.1:${process_.metricsPort}/metrics`).then(
    (answer) => (answer.ok ? answer.text() : ''),
    () => '',
  );
}

/** Every sample of metric `name` in a /metrics text. */
export function samplesOf(text: string, name: string): Sample[] {
  return [...text.matchAll(new RegExp(`^${name}(?:\\{([^}]*)\\})? ([0-9.e+-]+)$`, 'gm'))].map((match) => ({
    labels: Object.fromEntries([...(match[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((label) => [label[1], label[2]])),
    value: Number(match[2]),
  }));
}
