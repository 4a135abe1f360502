/** @jest-environment node */
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDirectory } from './precompress';

describe('precompress', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz next to each JS, CSS, HTML and SVG file, and leaves images alone', async () => {
    const script = 'export const answer = 42;\n'.repeat(200);
    await mkdir(path.join(dir, 'static'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dir, 'static', 'index-abc.js'), script);
    await writeFile(path.join(dir, 'static', 'index-abc.css'), 'body{margin:0}');
    await writeFile(path.join(dir, 'static', 'photo.png'), Buffer.from([0x89, 0x50]));

    await precompressDirectory(dir);

    expect((await readdir(path.join(dir, 'static'))).sort()).toEqual([
      'index-abc.css',
      'index-abc.css.br',
      'index-abc.css.gz',
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'photo.png',
    ]);
    expect((await readdir(dir)).filter((name) => /\.(br|gz)$/.test(name)).sort()).toEqual([
      'favicon.svg.br',
      'favicon.svg.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const br = await readFile(path.join(dir, 'static', 'index-abc.js.br'));
    const gz = await readFile(path.join(dir, 'static', 'index-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
  });
});
