import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type FileAddressDto, TAGGING_LIMITS } from '@infra/contracts';
import { contentDisposition, type FileStore, uploadHeaders } from './file-store';

export interface S3FileStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server; undefined for AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
}

/** Import files in an S3 bucket under `<organizationId>/<fileName>`, reached through presigned URLs. */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(
    private readonly options: S3FileStoreOptions,
    // Credentials from the default AWS chain unless a test passes its own client.
    client?: S3Client,
  ) {
    this.client =
      client ??
      new S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        // No checksum of an empty body in presigned PUTs: the browser sends the file, not what the SDK hashed.
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
  }

  /**
   * A presigned PUT that works once: it is conditional on the object as it is now (`If-None-Match: *` when there
   * is none, `If-Match: <its ETag>` when there is one), and the condition is signed. The first PUT changes the
   * object, so a second PUT with the same address fails with 412: a validated or imported file cannot be replaced
   * through an address that was already used (a new address, asked by an Admin, can).
   */
  async uploadAddress(organizationId: string, fileName: string): Promise<FileAddressDto> {
    const key = keyOf(organizationId, fileName);
    const etag = await this.currentEtag(key);
    const condition: Record<string, string> = etag ? { 'if-match': etag } : { 'if-none-match': '*' };
    const headers = { ...uploadHeaders(fileName), ...condition };
    // Content type, disposition and the condition are signed: the PUT must carry exactly these headers.
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: key,
      ContentType: headers['content-type'],
      ContentDisposition: headers['content-disposition'],
      ...(etag ? { IfMatch: etag } : { IfNoneMatch: '*' }),
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: TAGGING_LIMITS.fileAddressTtlSeconds,
      signableHeaders: new Set(['content-type', 'content-disposition', ...Object.keys(condition)]),
    });
    return { url, method: 'PUT', headers, expiresAt: expiry() };
  }

  private async currentEtag(key: string): Promise<string | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return head.ETag;
    } catch (error) {
      const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  async read(organizationId: string, fileName: string): Promise<Buffer | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: keyOf(organizationId, fileName) }),
      );
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async write(organizationId: string, fileName: string, content: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: keyOf(organizationId, fileName),
        Body: content,
        ContentType: 'text/csv',
        ContentDisposition: contentDisposition(fileName),
      }),
    );
  }

  /** Lists the organization's keys a page (at most 1000) at a time and deletes each page in one request. */
  async removeOrganization(organizationId: string): Promise<void> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: keyOf(organizationId, ''), ContinuationToken }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0)
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
}

const keyOf = (organizationId: string, fileName: string) => `${organizationId.toLowerCase()}/${fileName}`;
const expiry = () => new Date(Date.now() + TAGGING_LIMITS.fileAddressTtlSeconds * 1000).toISOString();
