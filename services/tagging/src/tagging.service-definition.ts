import { ServiceDefinition } from '@infra/messaging';
import { TAGGING_LIMITS, TaggingErrorCode, SUBSCRIPTIONS, TOPICS } from '@infra/contracts';
import { TaggingSchema1765000000000 } from './database/migrations/1765000000000-tagging-schema';
import { TagImports1765100000000 } from './database/migrations/1765100000000-tag-imports';
import { TagRules1765200000000 } from './database/migrations/1765200000000-tag-rules';
import { ImportIssueCounts1765300000000 } from './database/migrations/1765300000000-import-issue-counts';
import { AuditDetailCodes1765400000000 } from './database/migrations/1765400000000-audit-detail-codes';
import { ImportActor1765500000000 } from './database/migrations/1765500000000-import-actor';
import { TenantWall1765600000000 } from './database/migrations/1765600000000-tenant-wall';
import { AssetCopyOrder1767500000000 } from './database/migrations/1767500000000-asset-copy-order';
import { loadTaggingEnv, TaggingEnv } from './tagging.env';
import { taggingError } from './tagging.errors';

/** Tagging's migrations, in order. */
export const TAGGING_MIGRATIONS = [
  TaggingSchema1765000000000,
  TagImports1765100000000,
  TagRules1765200000000,
  ImportIssueCounts1765300000000,
  AuditDetailCodes1765400000000,
  ImportActor1765500000000,
  TenantWall1765600000000,
  AssetCopyOrder1767500000000,
];

/** The tagging service: tags, assignments, system tags, the audit log, and its read model of inventory. */
export function taggingService(env = loadTaggingEnv()): ServiceDefinition & { env: TaggingEnv } {
  return {
    name: 'tagging',
    env,
    refusals: { organizationAdmin: () => taggingError(TaggingErrorCode.AdminOnly) },
    // Every table is SQL in its feature's repository (bulk inserts, derived status).
    entities: [],
    migrations: TAGGING_MIGRATIONS,
    consumesEvents: true,
    publishes: [TOPICS.taggingTagsAssigned, TOPICS.taggingTagChanged, TOPICS.taggingImportCompleted],
    consumes: SUBSCRIPTIONS.tagging,
    // Uploaded import files (the local store's PUT): the gateway's route takes the same limit.
    textBodyLimit: `${TAGGING_LIMITS.importFileMaxBytes}b`,
    // As sent: validation reports bytes that are not UTF-8 on their line (decoded, they would be U+FFFD).
    textAsBytes: true,
  };
}
