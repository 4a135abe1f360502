import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import http from 'node:http';
import { NoCallerContext } from '../caller-context';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * One registry per process, with Node's default metrics and an HTTP latency histogram. The defaults include the
 * event-loop delay (`nodejs_eventloop_lag_p50/p90/p99/max_seconds`, from perf_hooks.monitorEventLoopDelay, reset at
 * each scrape): the signal that one request holds the loop and every other request of the process waits (issue 20).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 });

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export function setServiceLabel(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
}

/** Express middleware timing every request; the route label is the matched route pattern, never the raw URL. */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const end = httpDuration.startTimer();
  const span = trace.getActiveSpan();
  res.on('finish', () => {
    const route =
      (req.route as { path?: string } | undefined)?.path ??
      (res.locals.routeLabel as string | undefined) ??
      'unmatched';
    end({ method: req.method, route, status: String(res.statusCode) });
    // The request's span (HTTP instrumentation names it by method only) is named by its route, as the metric is.
    span?.setAttribute('http.route', route).updateName(`${req.method} ${route}`);
  });
  next();
}

@ApiExcludeController()
@NoCallerContext()
@Controller('metrics')
export class MetricsController {
  @Get()
  @Header('Content-Type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}

/**
 * `/metrics` on its own port (the gateway's: its public port must not expose it). A bare HTTP server, so the
 * public app's middleware, logging and routes never apply to it.
 */
export async function startMetricsServer(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
