import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { loadServiceEnv, Sensitive, ServiceEnv } from '@infra/platform';

export class TaggingEnv extends ServiceEnv {
  /** Where import files live: a directory of this service (`local`, behind signed addresses) or an S3 bucket. */
  @IsIn(['local', 's3'])
  FILE_STORE: 'local' | 's3' = 'local';

  /** The local store's directory (relative to the working directory; Kubernetes mounts a volume at /data/files). */
  @IsString()
  FILE_STORE_DIR = '.local/files';

  /** HMAC key of the local store's upload and download addresses. Required: no key in the repository. */
  @Sensitive()
  @IsString()
  @MinLength(32)
  FILE_SIGNING_KEY!: string;

  @IsString()
  S3_BUCKET = '';

  @IsString()
  S3_REGION = 'us-east-1';

  /** An S3-compatible endpoint (MinIO, a local test server); empty for AWS. */
  @Matches(/^$|^https?:\/\/\S+$/, { message: 'S3_ENDPOINT must be empty or an http(s) URL' })
  S3_ENDPOINT = '';

  @IsIn(['true', 'false'])
  S3_FORCE_PATH_STYLE = 'false';

  /** Test hook: the import job waits this long while running, so a test can kill its worker. Ignored unless NODE_ENV=test. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  TAG_IMPORT_TEST_DELAY_MS: number = 0;

  /**
   * How long `GET tags/validate/import` waits for its job before answering 504 (a worker busy, slow or gone). At most
   * 10 s: the client retries a 504, and nobody should stare at a spinner longer. Tests set it tiny.
   */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(10_000)
  TAG_IMPORT_VALIDATION_WAIT_MS: number = 10_000;

  get importTestDelayMs(): number {
    return this.NODE_ENV === 'test' ? this.TAG_IMPORT_TEST_DELAY_MS : 0;
  }
}

export function loadTaggingEnv(env = process.env): TaggingEnv {
  return loadServiceEnv('tagging', TaggingEnv, env);
}
