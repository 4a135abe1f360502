import {
  type ImportIssueDto,
  type ImportValidationDto,
  MESSAGES,
  TAG_RULE_MESSAGES,
  TAGGING_LIMITS,
  tagFieldIssue,
  tagPairKey,
} from '@infra/contracts';
import { IMPORT_ISSUES, type ImportRecord, type ParsedImportFile } from './tag-import-file';

/** What the organization has, for the records of one file: existing pairs (tagPairKey) and assets by external id. */
export interface ImportLookups {
  existingPairs: ReadonlySet<string>;
  assetsByExternalId: ReadonlyMap<string, readonly string[]>;
}

/** Every issue of the records, in line order: field rules, pairs repeated in the file or existing, unknown assets. */
export function recordIssues(records: readonly ImportRecord[], lookups: ImportLookups): ImportIssueDto[] {
  const issues: ImportIssueDto[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    const issue = (dataField: ImportIssueDto['dataField'], text: string) =>
      issues.push({ lineNumber: record.line, dataField, issue: text });
    for (const field of ['key', 'value', 'description'] as const) {
      const problem = tagFieldIssue(field, record[field]);
      if (problem) issue(field, problem);
    }
    const pair = tagPairKey(record.key, record.value);
    if (seen.has(pair)) issue('key', TAG_RULE_MESSAGES.duplicateInRequest);
    else if (lookups.existingPairs.has(pair)) issue('key', TAG_RULE_MESSAGES.alreadyExists);
    seen.add(pair);
    if (record.assets.length > TAGGING_LIMITS.assetsPerImportRowMax) issue('assets', IMPORT_ISSUES.tooManyAssets);
    for (const externalId of record.assets)
      if (!lookups.assetsByExternalId.has(externalId)) issue('assets', IMPORT_ISSUES.unknownAsset(externalId));
  }
  return issues;
}

/** The answer of `GET tags/validate/import` for a file read and checked against the organization's data. */
export function validationOf(fileName: string, parsed: ParsedImportFile, lookups?: ImportLookups): ImportValidationDto {
  if (!parsed.ok) return { fileName, valid: false, records: 0, message: parsed.message, issues: parsed.issues };
  const issues = [...parsed.issues, ...(lookups ? recordIssues(parsed.records, lookups) : [])].sort(
    (a, b) => a.lineNumber - b.lineNumber,
  );
  return {
    fileName,
    valid: issues.length === 0,
    records: parsed.records.length,
    message: issues.length === 0 ? MESSAGES.importValid : MESSAGES.importHasIssues,
    issues,
  };
}
