import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayTimeoutException, Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  type ImportIssueDto,
  type ImportValidationDto,
  MESSAGES,
  TaggingErrorCode,
  type TagImportDto,
  tagPairKey,
  TOPICS,
} from '@infra/contracts';
import { InjectJobQueue, JobQueue, JobWaitTimeoutError } from '@infra/jobs';
import { EventPublisher, holdLiveOrganization } from '@infra/messaging';
import { isDatabaseUnavailable } from '@infra/platform';
import { AuditLogRepository } from '../audit-log/audit-log.repository';
import { FILE_STORE, type FileStore, isSafeFileName } from '../file-store/file-store';
import { TagAssignmentService } from '../tag-assignment/tag-assignment.service';
import { taggingError } from '../tagging.errors';
import { TaggingEnv } from '../tagging.env';
import { TagsRepository } from '../tags/tags.repository';
import { TagsService } from '../tags/tags.service';
import { type Actor, eventOriginOf } from '../tenant';
import { ImportIssues } from './import-issues';
import { IMPORT_ISSUES, type ImportRecord, isCsvName, notCsvFile, readImportFile } from './tag-import-file';
import { assetsToLookUp, type ImportLookups, issueFields, validationOf } from './tag-import-rules';
import { TAGGING_QUEUE, type TaggingJobResults, type TaggingJobs, type ValidationOutcome } from './tag-import.queue';
import { TagImportRepository, type TagImportRow } from './tag-import.repository';

const PAST_IMPORTS_SHOWN = 100;
/** Imports queued again per sweep: far more than are ever running at once. */
const UNFINISHED_SWEPT_MAX = 1000;

export function toTagImportDto(row: TagImportRow): TagImportDto {
  return {
    id: row.id,
    fileName: row.file_name,
    userId: row.user_id,
    apiKeyId: row.api_key_id,
    status: row.status,
    recordsImported: row.records_imported,
    assignments: row.assignments,
    ...(row.issues ? { issues: row.issues } : {}),
    ...(row.issue_count !== null
      ? { issueCount: row.issue_count, issueCountByField: row.issue_count_by_field ?? {} }
      : {}),
    message: row.message,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** A file read and checked against the organization's data. */
interface CheckedFile {
  validation: ImportValidationDto;
  records: ImportRecord[];
  lookups: ImportLookups;
}

@Injectable()
export class TagImportService {
  constructor(
    private readonly imports: TagImportRepository,
    private readonly tagsRepository: TagsRepository,
    private readonly tags: TagsService,
    private readonly assignments: TagAssignmentService,
    private readonly auditLog: AuditLogRepository,
    private readonly events: EventPublisher,
    private readonly env: TaggingEnv,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @InjectJobQueue(TAGGING_QUEUE) private readonly jobs: JobQueue<TaggingJobs, TaggingJobResults>,
  ) {}

  /**
   * `GET tags/validate/import`: runs the check as a job and waits for its answer (on the process's shared
   * QueueEvents), at most TAG_IMPORT_VALIDATION_WAIT_MS: then 504, which the client retries. Nothing is written.
   */
  async validate(actor: Actor, fileName: string): Promise<ImportValidationDto> {
    requireFileName(fileName);
    let outcome: ValidationOutcome;
    try {
      outcome = await this.jobs.addAndWait(
        'validate-tag-import',
        { actor, fileName },
        { jobId: `validate-${randomUUID()}`, timeoutMs: this.env.TAG_IMPORT_VALIDATION_WAIT_MS },
      );
    } catch (error) {
      if (error instanceof JobWaitTimeoutError) throw new GatewayTimeoutException(MESSAGES.unavailable);
      throw error;
    }
    if (!outcome.found) throw taggingError(TaggingErrorCode.FileNotFound);
    return outcome.validation;
  }

  /** The validation job: checks the file; its answer goes back to the waiting request as the job's result. */
  runValidation(actor: Actor, fileName: string): Promise<ValidationOutcome> {
    return this.checkStored(actor, fileName);
  }

  private async checkStored(actor: Actor, fileName: string): Promise<ValidationOutcome> {
    if (!isCsvName(fileName)) return { found: true, validation: validationOf(fileName, notCsvFile()) };
    const content = await this.files.read(actor.organizationId, fileName);
    if (!content) return { found: false };
    const checked = await this.check(this.imports.manager, actor, fileName, content);
    return { found: true, validation: checked.validation };
  }

  /** Reads the file and looks up its pairs and assets (two queries, whatever the number of lines). */
  private async check(manager: EntityManager, actor: Actor, fileName: string, content: Buffer): Promise<CheckedFile> {
    const parsed = await readImportFile(fileName, content);
    if (!parsed.ok) return { validation: validationOf(fileName, parsed), records: [], lookups: EMPTY_LOOKUPS };
    const existing = await this.tagsRepository.existingPairs(manager, actor.organizationId, parsed.records);
    const externalIds = [...new Set(parsed.records.flatMap(assetsToLookUp))];
    const lookups: ImportLookups = {
      existingPairs: new Set(existing.map((pair) => tagPairKey(pair.key, pair.value))),
      assetsByExternalId: await this.imports.assetsByExternalId(manager, actor.organizationId, externalIds),
    };
    return { validation: validationOf(fileName, parsed, lookups), records: parsed.records, lookups };
  }

  /**
   * `POST tags/import`: one import per uploaded content. A new one is queued (`created`); a re-submission of the
   * same content answers the existing import and re-queues it if it has not ended (the job id dedupes).
   */
  async submit(actor: Actor, fileName: string): Promise<{ created: boolean; import: TagImportDto }> {
    requireFileName(fileName);
    const content = await this.files.read(actor.organizationId, fileName);
    if (!content) throw taggingError(TaggingErrorCode.FileNotFound);
    const sha256 = sha256Of(content);
    const created = await this.imports.create(actor, fileName, sha256);
    const row = created ?? (await this.imports.findByContent(actor.organizationId, fileName, sha256))!;
    if (row.status === 'queued' || row.status === 'running') await this.queueRun(row.id, actor);
    return { created: created !== undefined, import: toTagImportDto(row) };
  }

  /**
   * The sweep: queues again every import that has not ended. The job id is the import id, so a job Redis still has
   * is left as it is; one Redis lost (restarted without its data) runs again, and `runImport` makes it exactly once.
   */
  async requeueUnfinished(): Promise<number> {
    const unfinished = await this.imports.unfinished(UNFINISHED_SWEPT_MAX);
    for (const { id, actor } of unfinished) await this.queueRun(id, actor);
    return unfinished.length;
  }

  /** The job id is the import id: BullMQ never holds two jobs of one import. */
  private async queueRun(importId: string, actor: Actor): Promise<void> {
    await this.jobs.add('run-tag-import', { importId, actor }, { jobId: importId });
  }

  async list(actor: Actor): Promise<TagImportDto[]> {
    return (await this.imports.list(actor.organizationId, PAST_IMPORTS_SHOWN)).map(toTagImportDto);
  }

  async find(actor: Actor, id: string): Promise<TagImportDto> {
    const row = await this.imports.find(actor.organizationId, id);
    if (!row) throw taggingError(TaggingErrorCode.ImportNotFound);
    return toTagImportDto(row);
  }

  /**
   * The import job. Everything is written in one transaction that first locks the import row and stops when the
   * import has ended: a worker killed mid-import leaves nothing behind, and its retry completes exactly once.
   */
  async runImport(importId: string, actor: Actor, finalAttempt: boolean): Promise<void> {
    const { organizationId } = actor;
    if (!(await this.imports.markRunning(organizationId, importId))) return;
    if (this.env.importTestDelayMs > 0) await sleep(this.env.importTestDelayMs);
    try {
      await this.imports.transaction(async (manager) => {
        // An organization being purged (offboarding) waits for this import to commit, or this import sees the purge
        // and writes nothing: its tags would otherwise outlive the purge's deletes.
        if (!(await holdLiveOrganization(manager, organizationId))) return;
        const row = await this.imports.lock(manager, organizationId, importId);
        if (!row || row.status === 'completed' || row.status === 'failed') return;
        const fail = (issue: ImportIssueDto, message = MESSAGES.importHasIssues) =>
          this.imports.finish(manager, organizationId, importId, {
            status: 'failed',
            ...issueFields(ImportIssues.of(issue)),
            message,
          });
        const content = await this.files.read(organizationId, row.file_name);
        if (!content) return fail({ lineNumber: 0, dataField: 'file', issue: MESSAGES.notFound('File') });
        if (sha256Of(content) !== row.sha256)
          return fail({ lineNumber: 0, dataField: 'file', issue: IMPORT_ISSUES.fileChanged });
        const checked = await this.check(manager, actor, row.file_name, content);
        if (!checked.validation.valid) {
          // The same bounded list and counts as the validation answer.
          const { issues, issueCount, issueCountByField, message } = checked.validation;
          return this.imports.finish(manager, organizationId, importId, {
            status: 'failed',
            issues,
            issueCount,
            issueCountByField,
            message,
          });
        }
        await this.write(manager, actor, row, checked);
      });
    } catch (error) {
      // The last attempt failed: the import ends failed (nothing of it was written) instead of staying "running". A
      // database out of reach is no failure of the import: the job runs again once it is back (libs/jobs).
      if (finalAttempt && !isDatabaseUnavailable(error))
        await this.imports.transaction((manager) =>
          this.imports.finish(manager, organizationId, importId, {
            status: 'failed',
            ...issueFields(new ImportIssues()),
            message: MESSAGES.unknownError,
          }),
        );
      throw error;
    }
  }

  /** Tags, assignments, the audit entry, the completed event and the row, in the import's transaction. */
  private async write(manager: EntityManager, actor: Actor, row: TagImportRow, checked: CheckedFile): Promise<void> {
    const { records, lookups } = checked;
    const tagIds = await this.tags.insert(
      manager,
      actor,
      records.map(({ key, value, description }) => ({ key, value, description })),
      row.file_name,
    );
    const pairs = records.flatMap((record, index) =>
      record.assets.flatMap((externalId) =>
        (lookups.assetsByExternalId.get(externalId) ?? []).map((assetId) => ({ tagId: tagIds[index]!, assetId })),
      ),
    );
    const assigned = await this.assignments.assignPairs(manager, actor, pairs, 'import');
    const count = records.length;
    await this.auditLog.record(manager, actor, [
      {
        tagId: null,
        activity: 'tags.imported',
        detail: { detailCode: 'tagsImported', detailParams: { count, file: row.file_name } },
      },
    ]);
    await this.events.publish(manager, TOPICS.taggingImportCompleted, {
      ...eventOriginOf(actor),
      payload: { importId: row.id, fileName: row.file_name, recordsImported: count },
    });
    await this.imports.finish(manager, actor.organizationId, row.id, {
      status: 'completed',
      recordsImported: count,
      assignments: assigned.length,
      message: MESSAGES.importSucceeded(count),
    });
  }
}

const EMPTY_LOOKUPS: ImportLookups = { existingPairs: new Set(), assetsByExternalId: new Map() };

/** Names with slashes, control characters or over 200 characters are refused; a non-.csv name is an issue. */
function requireFileName(fileName: string): void {
  if (!isSafeFileName(fileName)) throw taggingError(TaggingErrorCode.FileNameInvalid);
}
