import path from 'node:path';
import type { Provider } from '@nestjs/common';
import { TaggingEnv } from '../tagging.env';
import { FILE_STORE, type FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

/** The store FILE_STORE names: the local signed store (default) or S3. */
export const FILE_STORE_PROVIDER: Provider = {
  provide: FILE_STORE,
  inject: [TaggingEnv],
  useFactory: (env: TaggingEnv): FileStore =>
    env.FILE_STORE === 's3'
      ? new S3FileStore({
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        })
      : new LocalFileStore(path.resolve(env.FILE_STORE_DIR), env.FILE_SIGNING_KEY),
};
