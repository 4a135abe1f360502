import { type FileAddressDto, TAG_IMPORT_TEMPLATE_FILE } from '@infra/contracts';
import type { Actor } from '../tenant';
import type { FileStore } from './file-store';
import { FilesService } from './files.service';

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
  const files = new FilesService(store);

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
