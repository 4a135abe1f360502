import { type ImportIssueCounts, type ImportIssueDto, TAGGING_LIMITS } from '@infra/contracts';

/**
 * The issues of one import file, added in line order: the first `max` are kept to be listed, the rest only counted
 * (in all and per data field). A 10 MiB file can hold millions of issues; the answer and the stored import stay small.
 */
export class ImportIssues {
  readonly listed: ImportIssueDto[] = [];
  readonly byField: ImportIssueCounts = {};
  count = 0;

  constructor(private readonly max: number = TAGGING_LIMITS.importIssuesListedMax) {}

  static of(...issues: ImportIssueDto[]): ImportIssues {
    const all = new ImportIssues();
    for (const issue of issues) all.add(issue);
    return all;
  }

  add(issue: ImportIssueDto): void {
    this.count += 1;
    this.byField[issue.dataField] = (this.byField[issue.dataField] ?? 0) + 1;
    if (this.listed.length < this.max) this.listed.push(issue);
  }
}
