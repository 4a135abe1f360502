// Route contract: the gateway's route table (as published at GET /api/v1) and the services' OpenAPI documents agree.
// Every route the gateway forwards is served by its owning service, and every public route a service serves is
// reachable through the gateway. Routes marked planned are in the spec but not served yet (the gateway answers 501).
import { SERVICES, ServiceName } from '@infra/contracts';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const SERVICE_PORTS: Record<ServiceName, number> = {
  identity: 3001,
  inventory: 3002,
  tagging: 3003,
  events: 3004,
  analytics: 3005,
};
/** Service routes that are not part of the public API (probes, documents, gateway-only calls, sign-in pages). */
const NOT_PUBLIC = /^\/(health|docs|docs-json|metrics|internal|session)(\/|$)/;
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

interface ListedRoute {
  method: string;
  path: string;
  service: ServiceName;
  planned?: true;
  /** Answered by the gateway itself: its own document (GET /docs-json on the gateway) holds it. */
  answeredByGateway?: true;
}

/** `/users/{id}` and `users/:userId` both become `/users/{}`: parameter names may differ, positions may not. */
const shape = (path: string) => `/${path.replace(/^\//, '').replace(/\{[^}]+\}|:\w+/g, '{}')}`;
const key = (method: string, path: string) => `${method.toUpperCase()} ${shape(path)}`;

let table: ListedRoute[];
const served = new Map<ServiceName, Set<string>>();
const servedByGateway = new Set<string>();

beforeAll(async () => {
  const listing = (await (await fetch(`${BASE_URL}/api/v1`)).json()) as { routes: ListedRoute[] };
  table = listing.routes.map((route) => ({ ...route, path: route.path.replace(/^\/api\/v1/, '') }));
  for (const service of SERVICES) {
    const response = await fetch(`http://127.0.0.1:${SERVICE_PORTS[service] + PORT_OFFSET}/docs-json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    const routes = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths))
      for (const method of Object.keys(operations)) if (HTTP_METHODS.has(method)) routes.add(key(method, path));
    served.set(service, routes);
  }
  const gateway = (await (await fetch(`${BASE_URL}/docs-json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  for (const [path, operations] of Object.entries(gateway.paths))
    for (const method of Object.keys(operations))
      if (HTTP_METHODS.has(method)) servedByGateway.add(key(method, path.replace(/^\/api\/v1/, '')));
});

describe('route contract (gateway route table ↔ service OpenAPI documents)', () => {
  it('every route of the table that is not planned is served by its owning service (or by the gateway)', () => {
    const missing = table
      .filter((route) => !route.planned)
      .filter((route) =>
        route.answeredByGateway
          ? !servedByGateway.has(key(route.method, route.path))
          : !served.get(route.service)!.has(key(route.method, route.path)),
      )
      .map((route) => `${route.method} ${route.path} (${route.service})`);
    expect(missing).toEqual([]);
  });

  it('every public route a service serves is in the table, owned by that service', () => {
    const inTable = new Set(table.map((route) => `${route.service} ${key(route.method, route.path)}`));
    const unlisted: string[] = [];
    for (const [service, routes] of served)
      for (const route of routes) {
        const path = route.slice(route.indexOf(' ') + 1);
        if (!NOT_PUBLIC.test(path) && !inTable.has(`${service} ${route}`)) unlisted.push(`${route} (${service})`);
      }
    expect(unlisted).toEqual([]);
  });

  it('a planned route is not already served (drop planned once the service serves it)', () => {
    const stale = table
      .filter((route) => route.planned && served.get(route.service)!.has(key(route.method, route.path)))
      .map((route) => `${route.method} ${route.path} (${route.service})`);
    expect(stale).toEqual([]);
  });
});
