import {
  type ImportIssueField,
  type ImportValidationDto,
  MESSAGES,
  TAG_RULE_MESSAGES,
  TAGGING_LIMITS,
  tagFieldIssue,
  tagPairKey,
} from '@infra/contracts';
import { ImportIssues } from './import-issues';
import { IMPORT_ISSUES, type ImportRecord, type ParsedImportFile } from './tag-import-file';

/** What the organization has, for the records of one file: existing pairs (tagPairKey) and assets by external id. */
export interface ImportLookups {
  existingPairs: ReadonlySet<string>;
  assetsByExternalId: ReadonlyMap<string, readonly string[]>;
}

/** A line with more assets than allowed is one issue: its ids are neither looked up nor reported one by one. */
export const assetsToLookUp = (record: ImportRecord): readonly string[] =>
  record.assets.length > TAGGING_LIMITS.assetsPerImportRowMax ? [] : record.assets;

/**
 * Every issue of the records, in line order (records are): extra columns, field rules, pairs repeated in the file or
 * existing, too many or unknown assets. Counted in full, listed up to the bound (ImportIssues).
 */
export function recordIssues(records: readonly ImportRecord[], lookups: ImportLookups): ImportIssues {
  const issues = new ImportIssues();
  const seen = new Set<string>();
  for (const record of records) {
    const issue = (dataField: ImportIssueField, text: string) =>
      issues.add({ lineNumber: record.line, dataField, issue: text });
    if (record.extraColumns) issue('file', IMPORT_ISSUES.tooManyColumns);
    for (const field of ['key', 'value', 'description'] as const) {
      const problem = tagFieldIssue(field, record[field]);
      if (problem) issue(field, problem);
    }
    const pair = tagPairKey(record.key, record.value);
    if (seen.has(pair)) issue('key', TAG_RULE_MESSAGES.duplicateInRequest);
    else if (lookups.existingPairs.has(pair)) issue('key', TAG_RULE_MESSAGES.alreadyExists);
    seen.add(pair);
    if (record.assets.length > TAGGING_LIMITS.assetsPerImportRowMax) issue('assets', IMPORT_ISSUES.tooManyAssets);
    for (const externalId of assetsToLookUp(record))
      if (!lookups.assetsByExternalId.has(externalId)) issue('assets', IMPORT_ISSUES.unknownAsset(externalId));
  }
  return issues;
}

/** The answer of `GET tags/validate/import` for a file read and checked against the organization's data. */
export function validationOf(fileName: string, parsed: ParsedImportFile, lookups?: ImportLookups): ImportValidationDto {
  if (!parsed.ok) return { fileName, valid: false, records: 0, message: parsed.message, ...issueFields(parsed.issues) };
  // A file that was read is checked against the organization's data (none given: it has none).
  const issues = recordIssues(parsed.records, lookups ?? { existingPairs: new Set(), assetsByExternalId: new Map() });
  return {
    fileName,
    valid: issues.count === 0,
    records: parsed.records.length,
    message: issues.count === 0 ? MESSAGES.importValid : MESSAGES.importHasIssues,
    ...issueFields(issues),
  };
}

/** The listed issues and the counts, as the validation answer and a failed import carry them. */
export function issueFields(
  issues: ImportIssues,
): Pick<ImportValidationDto, 'issues' | 'issueCount' | 'issueCountByField'> {
  return { issues: issues.listed, issueCount: issues.count, issueCountByField: issues.byField };
}
