import { type FileAddressDto, TAG_IMPORT_TEMPLATE_FILE } from '@infra/contracts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type Redis from 'ioredis';
import type { Actor } from '../tenant';
import type { FileStore } from './file-store';
import { FilesService, TAG_IMPORT_TEMPLATE } from './files.service';
import { LocalFileStore } from './local-file-store';
import { SignedAddresses, type SignedQuery } from './signed-addresses';

const actor = { organizationId: '0b9a4c1e-3f2d-4e5a-8b7c-6d5e4f3a2b1c' } as Actor;

const address = (method: 'PUT' | 'GET', organizationId: string, fileName: string): Promise<FileAddressDto> =>
  Promise.resolve({
    url: `https://files/${organizationId}/${fileName}`,
    method,
    headers: {},
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
  });

/** A store that hands out addresses and keeps nothing. */
const store: FileStore = {
  uploadAddress: (organizationId, fileName) => address('PUT', organizationId, fileName),
  read: () => Promise.resolve(undefined),
  write: () => Promise.resolve(),
  removeOrganization: () => Promise.resolve(),
};
const addresses = new SignedAddresses('k'.repeat(32));
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams) as unknown as SignedQuery;

describe('FilesService upload addresses', () => {
  // Upload addresses never reach Redis here (that is the local store's signed PUT).
  const files = new FilesService(store, addresses, {} as Redis);

  it('gives an address for an ordinary file name', async () => {
    expect((await files.uploadAddress(actor, 'tags.csv')).url).toContain('/tags.csv');
  });

  it.each([TAG_IMPORT_TEMPLATE_FILE, TAG_IMPORT_TEMPLATE_FILE.toUpperCase()])(
    'never names the template (%s): an upload would replace what every Admin downloads',
    async (name) => {
      await expect(files.uploadAddress(actor, name)).rejects.toMatchObject({
        code: 'TAG_FILE_NAME_INVALID',
        status: 400,
      });
    },
  );

  it('refuses a name with a bidirectional control character', async () => {
    await expect(files.uploadAddress(actor, 'invoice\u202evsc.csv')).rejects.toMatchObject({
      code: 'TAG_FILE_NAME_INVALID',
      status: 400,
    });
  });
});

/** What the service asks of Redis for a single-use address: SET … NX with an expiry, and DEL. */
function memoryRedis(): Redis {
  const keys = new Set<string>();
  return {
    set: (key: string) => Promise.resolve(keys.has(key) ? null : (keys.add(key), 'OK')),
    del: (key: string) => Promise.resolve(keys.delete(key) ? 1 : 0),
  } as unknown as Redis;
}

describe("FilesService: the local store's signed PUT", () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'tag-uploads-'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('uploads once per address, and a failed upload frees the address for a retry', async () => {
    const files = new FilesService(new LocalFileStore(directory, addresses), addresses, memoryRedis());
    const query = queryOf((await files.uploadAddress(actor, 'tags.csv')).url);
    await expect(files.receiveUpload(query, {})).rejects.toMatchObject({ status: 415 });
    await files.receiveUpload(query, Buffer.from('key,value\nenv,prod\n'));
    await expect(files.receiveUpload(query, Buffer.from('key,value\nenv,=cmd\n'))).rejects.toMatchObject({
      code: 'TAG_UPLOAD_ADDRESS_INVALID',
      status: 403,
    });
    expect((await readFile(path.join(directory, actor.organizationId, 'tags.csv'))).toString()).toBe(
      'key,value\nenv,prod\n',
    );
  });
});

describe('FilesService downloads', () => {
  const stored = new Map<string, Buffer>([['tags.csv', Buffer.from('key,value\nenv,=HYPERLINK("http://x")\n')]]);
  const keeping: FileStore = { ...store, read: (_organizationId, fileName) => Promise.resolve(stored.get(fileName)) };
  const files = new FilesService(keeping, addresses, {} as Redis);

  it('serves a past file through the formula-safe writer, whichever store keeps it', async () => {
    const { url } = await files.downloadAddress(actor, 'tags.csv');
    expect(url).toMatch(/^\/api\/v1\/files\/tag-download\?/);
    expect(await files.download(queryOf(url))).toEqual({
      fileName: 'tags.csv',
      content: `key,value\r\nenv,"'=HYPERLINK(""http://x"")"\r\n`,
    });
  });

  it('serves the template from the product, never from the store', async () => {
    const { url } = await files.downloadAddress(actor, TAG_IMPORT_TEMPLATE_FILE);
    expect(await files.download(queryOf(url))).toEqual({
      fileName: TAG_IMPORT_TEMPLATE_FILE,
      content: TAG_IMPORT_TEMPLATE,
    });
  });

  it('answers 404 for a file the organization does not have, and 403 for an address not signed here', async () => {
    await expect(files.downloadAddress(actor, 'missing.csv')).rejects.toMatchObject({ status: 404 });
    const { url } = await files.downloadAddress(actor, 'tags.csv');
    await expect(files.download({ ...queryOf(url), f: 'other.csv' })).rejects.toMatchObject({ status: 403 });
  });
});
