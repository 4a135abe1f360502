import type { AddressInfo } from 'node:net';
import { MetricsController, startMetricsServer } from './metrics';

/** The event-loop delay gauges of prom-client's default metrics, which every service and the gateway expose. */
const EVENT_LOOP_DELAY = ['p50', 'p90', 'p99', 'max'].map((stat) => `nodejs_eventloop_lag_${stat}_seconds`);

describe('/metrics', () => {
  it("exposes the event loop's delay percentiles on a service's port (MetricsController)", async () => {
    const text = await new MetricsController().metrics();
    for (const name of EVENT_LOOP_DELAY) expect(text).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? \\d`, 'm'));
  });

  it("exposes them on the gateway's own metrics port (startMetricsServer)", async () => {
    const server = await startMetricsServer(0, '127.0.0.1');
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      for (const name of EVENT_LOOP_DELAY) expect(text).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? \\d`, 'm'));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
