/**
 * Tagging API shapes (tags, assignment, CSV import, audit log, business rules), shared by the tagging service
 * and the web app. Paths are relative to /api/v1; every call is organization-scoped (organizationId header).
 */
import { LIMITS } from './constants';
import type { TagStatus } from './topics';

export const TAG_STATUSES: readonly TagStatus[] = ['Active', 'Offline', 'Pending', 'Archived'];

/** Tag rules (spec §5): key and value without spaces; description without spaces either (only the listed marks). */
export const TAG_KEY_PATTERN = /^[A-Za-z0-9_-]{1,512}$/;
export const TAG_VALUE_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;
export const TAG_DESCRIPTION_PATTERN = /^[A-Za-z0-9_.,-]{0,256}$/;

/**
 * What a user is told when a field breaks its rule (inline in Create Tags, and as import issues): an empty key or
 * value that it is required, a filled one what the rule is.
 */
export const TAG_RULE_MESSAGES = {
  keyRequired: 'Key is required.',
  key: `Only letters, digits, _ and - are allowed in a key, no spaces. Maximum ${LIMITS.tagKeyMaxLength} Characters`,
  valueRequired: 'Value is required.',
  value: `Only letters, digits, _ and - are allowed in a value, no spaces. Maximum ${LIMITS.tagValueMaxLength} Characters`,
  description: `Only letters, digits and _-., characters are allowed, no spaces. Maximum ${LIMITS.tagDescriptionMaxLength} Characters`,
  duplicateInRequest: 'Key-value pairs must be unique: this pair is repeated.',
  alreadyExists: 'This key-value pair already exists.',
} as const;

/** The readable id of a tag: `key:value`. */
export function tagIdOf(key: string, value: string): string {
  return `${key}:${value}`;
}

/** Pairs are unique per organization regardless of letter case (`Env:Prod` and `env:prod` are one tag). */
export function tagPairKey(key: string, value: string): string {
  return `${key.toLowerCase()}\u0000${value.toLowerCase()}`;
}

/** Which rule a tag field breaks (an empty key or value: that it is required), or undefined when it is valid. */
export function tagFieldIssue(field: 'key' | 'value' | 'description', text: string): string | undefined {
  if (text === '' && field !== 'description') return TAG_RULE_MESSAGES[`${field}Required`];
  const pattern = field === 'key' ? TAG_KEY_PATTERN : field === 'value' ? TAG_VALUE_PATTERN : TAG_DESCRIPTION_PATTERN;
  return pattern.test(text) ? undefined : TAG_RULE_MESSAGES[field];
}

export const TAGGING_LIMITS = {
  /** `POST tags/batch`: tags per call (all or nothing), the same as an import file. */
  createBatchMax: LIMITS.tagImportMaxRows,
  /** `POST tags/batchAssignTags`: tags, assets and collections per call. */
  assignTagsMax: 100,
  assignAssetsMax: 5000,
  assignCollectionsMax: 100,
  /** Tag or collection ids in one `GET tags` filter. */
  filterIdsMax: 100,
  /** Asset external ids in one import row's `assets` cell. */
  assetsPerImportRowMax: 1000,
  /** Largest import file accepted by the upload address. */
  importFileMaxBytes: 10 * 1024 * 1024,
  /** Issues an import validation lists (the first by line); `issueCount` says how many there are in all. */
  importIssuesListedMax: 1000,
  /** Upload and download addresses stay valid this long. */
  fileAddressTtlSeconds: 300,
  /** Audit log pages. */
  auditPageSizeMax: 200,
  ruleNameMaxLength: 100,
  rulesPerOrganizationMax: 200,
  rulePreviewMax: 100,
} as const;

/** Attributes of an asset that become system tags (`site:us-east-1a`, `instance_type:m5.large`). */
export const SYSTEM_TAG_KEYS = ['site', 'instance_type'] as const;
export type SystemTagKey = (typeof SYSTEM_TAG_KEYS)[number];

export interface TagDto {
  id: string;
  key: string;
  value: string;
  description: string;
  /** Readable id: `key:value`. */
  tagId: string;
  status: TagStatus;
  /** Derived from an asset attribute (site, instance type); listed only with `includeSystemTags`. */
  system: boolean;
  assetCount: number;
  /** Present with `includeTagAssets=true`: the ids of the assets carrying the tag. */
  assetIds?: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * `GET tags` query (spec §3, §7). Lists are comma- or pipe-separated. Archived tags are listed (the library shows
 * them) unless `status` says otherwise; pickers pass `status=Active,Pending,Offline`.
 */
export interface TagListQuery {
  /** Only tags of these ids (`id`, not the readable tagId). */
  tagIds?: string;
  /** Only tags carried by this asset. */
  assetId?: string;
  /** Only tags carried by at least one member of these collections. */
  collectionIds?: string;
  includeSystemTags?: boolean;
  includeTagAssets?: boolean;
  status?: string;
  /** Case-insensitive text in the key, value or description. */
  search?: string;
}

export interface NewTag {
  key: string;
  value: string;
  description?: string;
}

/** `POST tags/batch` (batchCreateTag): all or nothing. */
export interface CreateTagsRequest {
  tags: NewTag[];
}

export interface CreateTagsResponse {
  tags: TagDto[];
}

/** `PATCH tags/{id}` (updateTag): a new description, archiving (`archived: true`) or restoring. */
export interface UpdateTagRequest {
  description?: string;
  archived?: boolean;
}

/**
 * `POST tags/batchAssignTags`: the tags go onto the assets named one by one and onto every member of the
 * collections; `unassignAssetIds` lose them. Archived and system tags cannot be assigned by hand.
 */
export interface AssignTagsRequest {
  tagIds: string[];
  assetIds?: string[];
  collectionIds?: string[];
  unassignAssetIds?: string[];
}

/** The Summary screen after an assignment. */
export interface AssignTagsSummary {
  tags: number;
  assets: number;
  newlyAssigned: number;
  alreadyPresent: number;
  unassigned: number;
}

/** `POST tags/assignSystemTag`: re-derive system tags of these assets (all of the organization's when omitted). */
export interface AssignSystemTagsRequest {
  assetIds?: string[];
}

export interface AssignSystemTagsResponse {
  assets: number;
  tagsCreated: number;
  newlyAssigned: number;
  unassigned: number;
}

/** CSV import file: `key,value,description` and an optional `assets` column (external ids joined by `|`). */
export const TAG_IMPORT_COLUMNS = ['key', 'value', 'description'] as const;
export const TAG_IMPORT_ASSETS_COLUMN = 'assets';
/** `GET s3/tag-download/{fileName}` with this name answers the template. */
export const TAG_IMPORT_TEMPLATE_FILE = 'tag-import-template.csv';

/** `GET s3/tag-upload/{fileName}` and `GET s3/tag-download/{fileName}`. */
export interface FileAddressDto {
  /** Absolute URL or a path on this origin; PUT (upload) or GET (download) it. */
  url: string;
  method: 'PUT' | 'GET';
  /** Headers the PUT must carry (they are part of the signature). */
  headers: Record<string, string>;
  expiresAt: string;
}

export type ImportIssueField = 'file' | 'header' | 'key' | 'value' | 'description' | 'assets';

/** One problem of an import file (spec §3): the line as the user's editor numbers it (header = line 1). */
export interface ImportIssueDto {
  lineNumber: number;
  dataField: ImportIssueField;
  issue: string;
}

/** How many issues a file has per data field (fields without issues are absent). */
export type ImportIssueCounts = Partial<Record<ImportIssueField, number>>;

/** `GET tags/validate/import`: nothing is written. */
export interface ImportValidationDto {
  fileName: string;
  valid: boolean;
  records: number;
  /** §8 text: importValid when valid, else importHasIssues (or the file-level message). */
  message: string;
  /** The first `TAGGING_LIMITS.importIssuesListedMax` issues by line. */
  issues: ImportIssueDto[];
  /** All the issues of the file, listed or not (more than `issues.length` when the list was cut). */
  issueCount: number;
  issueCountByField: ImportIssueCounts;
}

export type ImportStatus = 'queued' | 'running' | 'completed' | 'failed';

/** A past or running import (`GET tags/import`, `POST tags/import`). */
export interface TagImportDto {
  id: string;
  fileName: string;
  userId: string;
  /** Set when an API key ran the import. */
  apiKeyId: string | null;
  status: ImportStatus;
  recordsImported: number;
  assignments: number;
  /**
   * Present when the import failed because the file does not validate: the first
   * `TAGGING_LIMITS.importIssuesListedMax` by line. `GET tags/import` (the list) leaves it out and gives the counts.
   */
  issues?: ImportIssueDto[];
  /** With a failed import's issues: how many there are in all, and per data field. */
  issueCount?: number;
  issueCountByField?: ImportIssueCounts;
  message: string | null;
  createdAt: string;
  completedAt: string | null;
}

export type AuditActivity =
  | 'tag.created'
  | 'tag.updated'
  | 'tag.archived'
  | 'tag.restored'
  | 'tags.assigned'
  | 'tags.unassigned'
  | 'tags.imported'
  | 'rule.created'
  | 'rule.updated'
  | 'rule.deleted'
  | 'rule.applied';

/** A business rule's conditions as an audit detail names them (collections by count). */
export interface AuditRuleConditions {
  sites?: string[];
  instanceTypes?: string[];
  namePattern?: string;
  collections?: number;
}

/**
 * What an audit entry's detail says, as a code and its parameters, so that each reader sees it in their own
 * language (the web app's `tags.audit.details.<code>` texts). `tag` is a tag's `key:value`; `count` a number
 * of assets (of tags for `tagsImported`). `text` is an entry written before details had codes whose
 * sentence could not be read back: its stored English text, shown as it is.
 */
export interface AuditDetailParamsByCode {
  tagCreated: { tag: string };
  tagCreatedByImport: { tag: string; file: string };
  tagDescriptionChanged: { tag: string };
  tagArchived: { tag: string };
  tagRestored: { tag: string };
  tagAssigned: { tag: string; count: number };
  tagUnassigned: { tag: string; count: number };
  systemTagsRefreshed: { count: number; assigned: number; removed: number };
  tagsImported: { count: number; file: string };
  ruleCreated: { rule: string; tag: string; conditions: AuditRuleConditions; enabled: boolean };
  ruleUpdated: {
    rule: string;
    previousName: string | null;
    tag: string;
    conditions: AuditRuleConditions;
    enabled: boolean;
  };
  ruleDeleted: { rule: string };
  ruleApplied: { rule: string; tag: string; count: number; matched: number };
  ruleAppliedToAsset: { rule: string; tag: string; asset: string };
  text: { text: string };
}

export type AuditDetailCode = keyof AuditDetailParamsByCode;

export const AUDIT_DETAIL_CODES = [
  'tagCreated',
  'tagCreatedByImport',
  'tagDescriptionChanged',
  'tagArchived',
  'tagRestored',
  'tagAssigned',
  'tagUnassigned',
  'systemTagsRefreshed',
  'tagsImported',
  'ruleCreated',
  'ruleUpdated',
  'ruleDeleted',
  'ruleApplied',
  'ruleAppliedToAsset',
  'text',
] as const satisfies readonly AuditDetailCode[];

/** A detail as the API answers it: its code and that code's parameters. */
export type AuditDetail = {
  [Code in AuditDetailCode]: { detailCode: Code; detailParams: AuditDetailParamsByCode[Code] };
}[AuditDetailCode];

/**
 * An audit log entry (spec §3): date, user id (or API key) and activity; what happened as `detailCode` and
 * `detailParams` (readers render it in their language) and, for API clients that show it as it is, `detail`:
 * the same in English, e.g. "Assigned env:prod to 12 assets".
 */
export type AuditLogEntryDto = AuditDetail & {
  id: string;
  date: string;
  userId: string;
  apiKeyId: string | null;
  activity: AuditActivity;
  detail: string;
  tagId: string | null;
};

/** `GET tags/getTagsEvents`: one tag's entries (`id` = tag id) or the organization's; newest first. */
export interface AuditLogQuery {
  id?: string;
  page?: number;
  pageSize?: number;
}

/** Conditions of a business rule: every condition given must hold (lists match any of their values). */
export interface RuleConditions {
  sites?: string[];
  instanceTypes?: string[];
  /** Case-insensitive glob on the asset name: `*` any text, `?` one character. */
  namePattern?: string;
  collectionIds?: string[];
}

export interface RuleDto {
  id: string;
  name: string;
  /** The tag (id) the rule assigns. */
  tagId: string;
  conditions: RuleConditions;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SaveRuleRequest {
  name: string;
  tagId: string;
  conditions: RuleConditions;
  enabled?: boolean;
}

/** `POST rules/preview`: the assets a rule would match, before saving. */
export interface RulePreviewDto {
  total: number;
  assets: { id: string; name: string; externalId: string }[];
}

export interface ApplyRuleResponse {
  matched: number;
  newlyAssigned: number;
}

/** Tagging's domain error codes; the web app maps codes, never message text. */
export enum TaggingErrorCode {
  TagNotFound = 'TAG_NOT_FOUND',
  TagExists = 'TAG_EXISTS',
  DuplicateInRequest = 'TAG_PAIR_REPEATED',
  TagArchived = 'TAG_ARCHIVED',
  SystemTagReadOnly = 'TAG_SYSTEM_READ_ONLY',
  UnknownAssets = 'TAG_ASSETS_UNKNOWN',
  UnknownCollections = 'TAG_COLLECTIONS_UNKNOWN',
  AdminOnly = 'TAGGING_ADMIN_ONLY',
  FileNameInvalid = 'TAG_FILE_NAME_INVALID',
  FileNotFound = 'TAG_FILE_NOT_FOUND',
  FileTooLarge = 'TAG_FILE_TOO_LARGE',
  UploadAddressInvalid = 'TAG_UPLOAD_ADDRESS_INVALID',
  ImportInvalid = 'TAG_IMPORT_INVALID',
  ImportNotFound = 'TAG_IMPORT_NOT_FOUND',
  ImportBusy = 'TAG_IMPORT_BUSY',
  RuleNotFound = 'RULE_NOT_FOUND',
  RuleNameTaken = 'RULE_NAME_TAKEN',
  TooManyRules = 'RULE_LIMIT_REACHED',
}
