import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FileAddressDto, isUuid, TAGGING_LIMITS } from '@infra/contracts';
import { type FileStore, uploadHeaders } from './file-store';

export type SignedMethod = 'PUT' | 'GET';

/** The query of a signed address: organization, file name, expiry (Unix seconds) and the HMAC. */
export interface SignedQuery {
  o: string;
  f: string;
  e: string;
  s: string;
}

/** The gateway serves the public API below this prefix; the addresses are paths on the product's origin. */
const GATEWAY_PREFIX = '/api/v1';

/**
 * Files on this service's disk (`<dir>/<organizationId>/<fileName>`), reached through addresses on this origin
 * signed like S3 presigned URLs: HMAC-SHA256 over method, organization, file name and expiry.
 */
export class LocalFileStore implements FileStore {
  constructor(
    private readonly directory: string,
    private readonly signingKey: string,
    private readonly now: () => number = Date.now,
  ) {}

  uploadAddress(organizationId: string, fileName: string): Promise<FileAddressDto> {
    return Promise.resolve(this.address('PUT', 'tag-upload', organizationId, fileName));
  }

  downloadAddress(organizationId: string, fileName: string): Promise<FileAddressDto> {
    return Promise.resolve(this.address('GET', 'tag-download', organizationId, fileName));
  }

  /** The organization and file a signed query names, or undefined when the signature is wrong or expired. */
  verify(method: SignedMethod, query: Partial<SignedQuery>): { organizationId: string; fileName: string } | undefined {
    const { o, f, e, s } = query;
    if (!o || !f || !e || !s || !isUuid(o) || !/^\d{1,12}$/.test(e)) return undefined;
    if (Number(e) * 1000 < this.now()) return undefined;
    const expected = Buffer.from(this.sign(method, o, f, e), 'hex');
    const given = Buffer.from(s, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { organizationId: o.toLowerCase(), fileName: f };
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

  private pathOf(organizationId: string, fileName: string): string {
    // Names are checked (no slashes) and organizations are uuids, so the path stays below the directory.
    return path.join(this.directory, organizationId.toLowerCase(), fileName);
  }

  private address(method: SignedMethod, route: string, organizationId: string, fileName: string): FileAddressDto {
    const expiresAt = Math.floor(this.now() / 1000) + TAGGING_LIMITS.fileAddressTtlSeconds;
    const e = String(expiresAt);
    const query = new URLSearchParams({
      o: organizationId,
      f: fileName,
      e,
      s: this.sign(method, organizationId, fileName, e),
    });
    return {
      url: `${GATEWAY_PREFIX}/files/${route}?${query.toString()}`,
      method,
      headers: method === 'PUT' ? uploadHeaders(fileName) : {},
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    };
  }

  private sign(method: SignedMethod, organizationId: string, fileName: string, expiry: string): string {
    return createHmac('sha256', this.signingKey)
      .update(`${method}\n${organizationId.toLowerCase()}\n${fileName}\n${expiry}`)
      .digest('hex');
  }
}
