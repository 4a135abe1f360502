import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mountWebApp } from './spa';

const INDEX = '<!doctype html><div id="root"></div>';
const SCRIPT = 'console.log("app");'.repeat(50);

function raw(base: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('web app serving', () => {
  let app: INestApplication;
  let base: string;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'static'));
    fs.mkdirSync(path.join(dist, 'docs'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'static/app-abc123.js'), SCRIPT);
    fs.writeFileSync(path.join(dist, 'static/app-abc123.js.br'), brotliCompressSync(Buffer.from(SCRIPT)));
    fs.writeFileSync(path.join(dist, 'static/app-abc123.js.map'), '{"sources":["secret.ts"]}');
    fs.writeFileSync(path.join(dist, 'static/logo-1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    fs.writeFileSync(
      path.join(dist, 'docs/readme.html'),
      '<pre>Intro\n&lt;!-- demo-credentials:start (cut) --&gt;\n| admin | `Demo-Admin-Pass-1` | TOTP `JBSWY3DPEHPK3PXP`\n&lt;!-- demo-credentials:end --&gt;\nMore</pre>',
    );
    const moduleRef = await Test.createTestingModule({}).compile();
    app = moduleRef.createNestApplication({ logger: false });
    mountWebApp(app, dist);
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves /static files for a year, brotli when accepted, with Vary and their own content type', async () => {
    const response = await raw(base, '/static/app-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('falls back to gzip (compressed on the fly) and to identity', async () => {
    const gzip = await raw(base, '/static/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await raw(base, '/static/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const image = await raw(base, '/static/logo-1.png', { 'accept-encoding': 'gzip, br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('answers a missing /static file with a JSON 404, never index.html or a 500', async () => {
    const response = await raw(base, '/static/nonexistent.js');
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect((await raw(base, '/static/%E0%A4%A.js')).status).toBe(404);
    expect((await raw(base, '/static/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('never serves source maps', async () => {
    expect((await raw(base, '/static/app-abc123.js.map')).status).toBe(404);
    expect((await raw(base, '/anything.map')).status).toBe(404);
  });

  it('answers every other GET with index.html, revalidated, compressed (deep links such as /assets/{id})', async () => {
    for (const url of ['/', '/assets/3f1c', '/assets/nonexistent.js', '/admin/tag-library/tag-import']) {
      const response = await raw(base, url, { 'accept-encoding': 'gzip' });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.body).toString()).toBe(INDEX);
    }
  });

  it('serves the README page without the demo credentials', async () => {
    const response = await raw(base, '/docs/readme.html');
    expect(response.status).toBe(200);
    const text = response.body.toString();
    expect(text).toContain('Intro');
    expect(text).toContain('More');
    expect(text).not.toContain('Demo-Admin-Pass-1');
    expect(text).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('leaves server paths to the server', async () => {
    expect((await raw(base, '/api/v1/nothing')).status).toBe(404);
    expect((await raw(base, '/metrics')).status).toBe(404);
  });
});
