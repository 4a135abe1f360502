import type { Server } from 'node:http';

/**
 * Idle keep-alive connections are kept 65 s instead of Node's 5 s. A client whose event loop is busy (a script
 * generating the next 50,000 samples, a proxy under load) sends its next request on a connection it still thinks
 * open; when the server has closed it meanwhile, that POST fails with EPIPE/ECONNRESET and is not retried. Longer
 * than the clients' and load balancers' own idle time-outs (60 s is the common default), so they close first.
 * Free of Nest: the local balancer in front of the gateways (deploy/scripts/lib/balancer.mjs) keeps them as long.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepIdleConnectionsLonger(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or a request arriving late on an idle connection can be cut (Node's advice).
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
}
