import path from 'node:path';
import type { Provider } from '@nestjs/common';
import { TaggingEnv } from '../tagging.env';
import { FILE_STORE, type FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';
import { SignedAddresses } from './signed-addresses';

/** The signer of this service's file addresses (the local store's uploads, every download). */
export const SIGNED_ADDRESSES_PROVIDER: Provider = {
  provide: SignedAddresses,
  inject: [TaggingEnv],
  useFactory: (env: TaggingEnv) => new SignedAddresses(env.FILE_SIGNING_KEY),
};

/** The store FILE_STORE names: the local signed store (default) or S3. */
export const FILE_STORE_PROVIDER: Provider = {
  provide: FILE_STORE,
  inject: [TaggingEnv, SignedAddresses],
  useFactory: (env: TaggingEnv, addresses: SignedAddresses): FileStore =>
    env.FILE_STORE === 's3'
      ? new S3FileStore({
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        })
      : new LocalFileStore(path.resolve(env.FILE_STORE_DIR), addresses),
};
