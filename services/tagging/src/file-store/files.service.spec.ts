import { type FileAddressDto, TAG_IMPORT_TEMPLATE_FILE } from '@infra/contracts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type Redis from 'ioredis';
import type { Actor } from '../tenant';
import type { FileStore } from './file-store';
import { FilesService } from './files.service';
import { LocalFileStore, type SignedQuery } from './local-file-store';

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
  downloadAddress: (organizationId, fileName) => address('GET', organizationId, fileName),
  read: () => Promise.resolve(undefined),
  write: () => Promise.resolve(),
};

describe('FilesService upload addresses', () => {
  // Upload addresses never reach Redis here (that is the local store's signed PUT).
  const files = new FilesService(store, {} as Redis);

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
    const local = new LocalFileStore(directory, 'k'.repeat(32));
    const files = new FilesService(local, memoryRedis());
    const { url } = await files.uploadAddress(actor, 'tags.csv');
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams) as unknown as SignedQuery;
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
