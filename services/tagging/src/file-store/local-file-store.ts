import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileAddressDto } from '@infra/contracts';
import type { FileStore } from './file-store';
import type { SignedAddresses } from './signed-addresses';

/** Files on this service's disk (`<dir>/<organizationId>/<fileName>`), uploaded through signed addresses. */
export class LocalFileStore implements FileStore {
  constructor(
    private readonly directory: string,
    private readonly addresses: SignedAddresses,
  ) {}

  uploadAddress(organizationId: string, fileName: string): Promise<FileAddressDto> {
    return Promise.resolve(this.addresses.address('PUT', organizationId, fileName));
  }

  async read(organizationId: string, fileName: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(organizationId, fileName));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Writes a temporary file and renames it when complete: a failed upload never replaces a good file. */
  async write(organizationId: string, fileName: string, content: Buffer): Promise<void> {
    const target = this.pathOf(organizationId, fileName);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    try {
      await writeFile(temporary, content, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async removeOrganization(organizationId: string): Promise<void> {
    await rm(path.join(this.directory, organizationId.toLowerCase()), { recursive: true, force: true });
  }

  private pathOf(organizationId: string, fileName: string): string {
    // Names are checked (no slashes) and organizations are uuids, so the path stays below the directory.
    return path.join(this.directory, organizationId.toLowerCase(), fileName);
  }
}
