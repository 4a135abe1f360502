import { Inject, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import type Redis from 'ioredis';
import { csvText, REDIS } from '@infra/platform';
import { type FileAddressDto, TaggingErrorCode, TAG_IMPORT_TEMPLATE_FILE, TAGGING_LIMITS } from '@infra/contracts';
import { formulaSafeCsv } from '../tag-import/csv-cells';
import { taggingError } from '../tagging.errors';
import type { Actor } from '../tenant';
import { FILE_STORE, type FileStore, isValidFileName } from './file-store';
import { LocalFileStore } from './local-file-store';
import { SignedAddresses, type SignedQuery } from './signed-addresses';

/** The template users download: the header and two example lines (written through the formula-safe writer). */
export const TAG_IMPORT_TEMPLATE = csvText([
  ['key', 'value', 'description', 'assets'],
  ['environment', 'production', 'Production_workloads', 'i-0123456789abcdef0|i-0fedcba9876543210'],
  ['team', 'payments', '', ''],
]);

@Injectable()
export class FilesService {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly addresses: SignedAddresses,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** `GET s3/tag-upload/{fileName}`: where the browser PUTs the file (Admin); never the template's name. */
  async uploadAddress(actor: Actor, fileName: string): Promise<FileAddressDto> {
    requireValidName(fileName);
    if (isReserved(fileName)) throw taggingError(TaggingErrorCode.FileNameInvalid);
    return this.store.uploadAddress(actor.organizationId, fileName);
  }

  /**
   * `GET s3/tag-download/{fileName}`: a past file of the organization, or the template. The address is this
   * service's signed GET with either store: a file goes out only through the formula-safe writer.
   */
  async downloadAddress(actor: Actor, fileName: string): Promise<FileAddressDto> {
    requireValidName(fileName);
    if (!isReserved(fileName) && !(await this.store.read(actor.organizationId, fileName)))
      throw taggingError(TaggingErrorCode.FileNotFound);
    return this.addresses.address('GET', actor.organizationId, fileName);
  }

  /**
   * The local store's signed PUT: the body replaces the file whole once it is complete. Each address uploads once:
   * kept, it would let the file be replaced after it was validated or imported. An upload that fails frees its
   * address again (a retry with a good body).
   */
  async receiveUpload(query: Partial<SignedQuery>, body: unknown): Promise<void> {
    const target = this.addresses.verify('PUT', query);
    if (
      !(this.store instanceof LocalFileStore) ||
      !target ||
      !isValidFileName(target.fileName) ||
      isReserved(target.fileName)
    )
      throw taggingError(TaggingErrorCode.UploadAddressInvalid);
    const used = `tag-upload-used:${query.s}`;
    const claimed = await this.redis.set(used, '1', 'EX', TAGGING_LIMITS.fileAddressTtlSeconds, 'NX');
    if (claimed !== 'OK') throw taggingError(TaggingErrorCode.UploadAddressInvalid);
    try {
      // The service takes text/csv bodies as their bytes (textAsBytes); anything else (or no body) is not a file.
      if (!Buffer.isBuffer(body)) throw new UnsupportedMediaTypeException('The file must be sent as text/csv.');
      if (body.length > TAGGING_LIMITS.importFileMaxBytes) throw taggingError(TaggingErrorCode.FileTooLarge);
      await this.store.write(target.organizationId, target.fileName, body);
    } catch (error) {
      await this.redis.del(used);
      throw error;
    }
  }

  /**
   * The signed GET: the template, or a past file written again cell by cell (OWASP CSV injection: a formula
   * uploaded as `=HYPERLINK(…)` comes back as text), so what was imported is what the download shows, made inert.
   */
  async download(query: Partial<SignedQuery>): Promise<{ fileName: string; content: string }> {
    const target = this.addresses.verify('GET', query);
    if (!target) throw taggingError(TaggingErrorCode.UploadAddressInvalid);
    if (isReserved(target.fileName)) return { fileName: TAG_IMPORT_TEMPLATE_FILE, content: TAG_IMPORT_TEMPLATE };
    const content = await this.store.read(target.organizationId, target.fileName);
    if (!content) throw taggingError(TaggingErrorCode.FileNotFound);
    return { fileName: target.fileName, content: await formulaSafeCsv(content) };
  }
}

/** The template is the product's file: an upload of that name would replace what every Admin downloads. */
function isReserved(fileName: string): boolean {
  return fileName.toLowerCase() === TAG_IMPORT_TEMPLATE_FILE.toLowerCase();
}

function requireValidName(fileName: string): void {
  if (!isValidFileName(fileName)) throw taggingError(TaggingErrorCode.FileNameInvalid);
}
