// A service process of the product under test, reached directly (not through the gateway): its /metrics and probes.
import manifest from '../../../services.json';

/** The address of the service's (first) process: its port in services.json, shifted as the product under test's. */
export function serviceUrl(service: string): string {
  const port = manifest.services.find((entry) => entry.name === service)?.port;
  if (port === undefined) throw new Error(`no service named ${service} in services.json`);
  return `http://127.0.0.1:${port + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;
}

/** The sum of a counter on the service's /metrics over the series with these labels (0 before the first). */
export async function serviceCounter(service: string, name: string, labels: Record<string, string> = {}) {
  const text = await (await fetch(`${serviceUrl(service)}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const series = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => series[key] === value)) sum += Number(match[3]);
  }
  return sum;
}
