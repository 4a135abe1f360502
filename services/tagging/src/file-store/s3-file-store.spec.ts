// The S3 store against a local S3-compatible server (s3rver): presigned PUT with its signed headers, read, missing.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3FileStore } from './s3-file-store';

const organizationId = '3f0c2a4e-8a65-4d53-9a53-0b0f2d7b6a11';
const bucket = 'tag-imports';

describe('S3FileStore (s3rver)', () => {
  let server: S3rver;
  let directory: string;
  let store: S3FileStore;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const { port } = (await server.run()) as AddressInfo;
    const endpoint = `http://127.0.0.1:${port}`;
    const options = { bucket, region: 'us-east-1', endpoint, forcePathStyle: true };
    // s3rver accepts its fixed development credentials.
    const client = new S3Client({
      ...options,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    store = new S3FileStore(options, client);
  });

  afterAll(async () => {
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('takes a PUT to the presigned address with its headers and reads the file back', async () => {
    const address = await store.uploadAddress(organizationId, 'tags.csv');
    expect(address.method).toBe('PUT');
    const put = await fetch(address.url, { method: 'PUT', headers: address.headers, body: 'key,value,description\n' });
    expect(put.status).toBe(200);
    expect((await store.read(organizationId, 'tags.csv'))?.toString()).toBe('key,value,description\n');
  });

  // s3rver checks neither presigned signatures nor conditions, so the tests check what is signed.
  it('signs the content type, disposition and creation-only condition of a new file, with the short expiry', async () => {
    const address = await store.uploadAddress(organizationId, 'other.csv');
    const url = new URL(address.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-disposition;content-type;host;if-none-match');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    expect(address.headers['if-none-match']).toBe('*');
  });

  it('makes an address for an existing file conditional on its current version (used once, it no longer matches)', async () => {
    await store.write(organizationId, 'again.csv', Buffer.from('first'));
    const address = await store.uploadAddress(organizationId, 'again.csv');
    expect(new URL(address.url).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-disposition;content-type;host;if-match',
    );
    const put = await fetch(address.url, { method: 'PUT', headers: address.headers, body: 'second' });
    expect(put.status).toBe(200);
    const next = await store.uploadAddress(organizationId, 'again.csv');
    expect(next.headers['if-match']).toMatch(/^"[0-9a-f]{32}"$/);
    expect(next.headers['if-match']).not.toBe(address.headers['if-match']);
  });

  it('removes every file of an organization, and only of that one (offboarding)', async () => {
    const leaving = '7c1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
    for (const name of ['a.csv', 'b.csv']) await store.write(leaving, name, Buffer.from(name));
    await store.write(organizationId, 'kept.csv', Buffer.from('kept'));
    await store.removeOrganization(leaving);
    expect([await store.read(leaving, 'a.csv'), await store.read(leaving, 'b.csv')]).toEqual([undefined, undefined]);
    expect((await store.read(organizationId, 'kept.csv'))?.toString()).toBe('kept');
  });

  it('answers undefined for a missing file and keeps organizations apart', async () => {
    await store.write(organizationId, 'mine.csv', Buffer.from('a'));
    expect(await store.read(organizationId, 'missing.csv')).toBeUndefined();
    expect(await store.read('9a1d7c55-2b7f-4d3e-8c0f-5e0a3c9d1b22', 'mine.csv')).toBeUndefined();
  });
});
