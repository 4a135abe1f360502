import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { RouteMatcher, RouteRule } from '../routing/route-table';
import { writeGuard } from './write-guard';

const rules: RouteRule[] = [
  { method: 'POST', path: 'users', service: 'identity', access: 'user' },
  { method: 'POST', path: 'telemetry', service: 'events', access: 'organization', bodyTypes: ['text/csv'] },
];

describe('write guard (CSRF and body types on /api)', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(
      '/api',
      writeGuard({
        publicOrigin: 'https://app.example.com',
        corsOrigins: ['https://partner.example.com'],
        matcher: new RouteMatcher(rules),
      }),
    );
    app.use((_req, res) => {
      res.status(200).json({ passed: true });
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const send = (path: string, headers: Record<string, string>, body?: string, method = 'POST') =>
    fetch(`${base}${path}`, { method, headers, body });

  it('answers 415 to a form-encoded login (login CSRF) and to text/plain', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await send('/api/login', { 'content-type': type }, 'email=a&password=b');
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('passes JSON bodies and bodiless writes', async () => {
    expect((await send('/api/v1/users', { 'content-type': 'application/json; charset=utf-8' }, '{}')).status).toBe(200);
    expect((await send('/api/logout', {})).status).toBe(200);
  });

  it('takes another body type only where the route table allows it', async () => {
    expect((await send('/api/v1/telemetry', { 'content-type': 'text/csv' }, 'a,b')).status).toBe(200);
    expect((await send('/api/v1/telemetry', { 'content-type': 'application/json' }, '{}')).status).toBe(415);
    expect((await send('/api/v1/users', { 'content-type': 'text/csv' }, 'a,b')).status).toBe(415);
  });

  it('refuses a cookie-carrying write from a foreign origin or without any origin (403)', async () => {
    const json = { 'content-type': 'application/json', cookie: 'access_token=abc' };
    expect((await send('/api/v1/users', { ...json, origin: 'https://evil.example' }, '{}')).status).toBe(403);
    expect((await send('/api/v1/users', json, '{}')).status).toBe(403);
    expect((await send('/api/v1/users', { ...json, 'sec-fetch-site': 'cross-site' }, '{}')).status).toBe(403);
    expect((await send('/api/v1/users', { ...json, origin: 'null' }, '{}')).status).toBe(403);
    expect((await send('/api/v1/users', { ...json, origin: 'https://evil.example' }, undefined, 'DELETE')).status).toBe(
      403,
    );
  });

  it('admits the own origin: PUBLIC_URL, the request host, a CORS origin, or Sec-Fetch-Site same-origin', async () => {
    const json = { 'content-type': 'application/json', cookie: 'access_token=abc' };
    const host = new URL(base).host;
    const own: Record<string, string>[] = [
      { origin: 'https://app.example.com' },
      { origin: `http://${host}` },
      { origin: 'https://partner.example.com' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const extra of own) {
      expect((await send('/api/v1/users', { ...json, ...extra }, '{}')).status).toBe(200);
    }
  });

  it('leaves bearer-token clients without cookies and safe methods alone', async () => {
    const bearer = { 'content-type': 'application/json', authorization: 'Bearer x', origin: 'https://evil.example' };
    expect((await send('/api/v1/users', bearer, '{}')).status).toBe(200);
    const get = await fetch(`${base}/api/v1/users`, { headers: { cookie: 'a=b', origin: 'https://evil.example' } });
    expect(get.status).toBe(200);
  });
});
