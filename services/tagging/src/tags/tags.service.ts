import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  type CreateTagsResponse,
  type NewTag,
  type TagDto,
  TaggingErrorCode,
  tagIdOf,
  tagPairKey,
  TOPICS,
} from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import { AuditEntry, AuditLogRepository } from '../audit-log/audit-log.repository';
import { taggingError } from '../tagging.errors';
import { type Actor, eventOriginOf } from '../tenant';
import { forEachInSlices, type Tenant } from '@infra/platform';
import type { TagListQueryDto, UpdateTagDto } from './tags.dto';
import { TagRow, TagsRepository } from './tags.repository';

export function toTagDto(row: TagRow): TagDto {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    description: row.description,
    tagId: tagIdOf(row.key, row.value),
    status: row.status,
    system: row.system,
    assetCount: row.asset_count,
    ...(row.asset_ids ? { assetIds: row.asset_ids } : {}),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The pairs repeated within one batch (case-insensitive), each once. */
export function repeatedPairs(tags: readonly NewTag[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const tag of tags) {
    const pair = tagPairKey(tag.key, tag.value);
    if (seen.has(pair)) repeated.add(tagIdOf(tag.key, tag.value));
    seen.add(pair);
  }
  return [...repeated];
}

@Injectable()
export class TagsService {
  constructor(
    private readonly tags: TagsRepository,
    private readonly auditLog: AuditLogRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(tenant: Tenant, query: TagListQueryDto): Promise<TagDto[]> {
    const rows = await this.tags.list(tenant.organizationId, {
      tagIds: query.tagIds,
      assetId: query.assetId,
      collectionIds: query.collectionIds,
      includeSystemTags: query.includeSystemTags ?? false,
      includeTagAssets: query.includeTagAssets ?? false,
      statuses: query.status,
      search: query.search?.trim() || undefined,
    });
    return rows.map(toTagDto);
  }

  /** batchCreateTag: every tag or none; a pair repeated in the batch is a 400, an existing pair a 409. */
  async createMany(actor: Actor, tags: NewTag[]): Promise<CreateTagsResponse> {
    if (repeatedPairs(tags).length > 0) throw taggingError(TaggingErrorCode.DuplicateInRequest);
    return this.tags.transaction(async (manager) => {
      const ids = await this.insert(manager, actor, tags);
      const byId = new Map((await this.tags.findMany(manager, actor.organizationId, ids)).map((row) => [row.id, row]));
      // 5000 answers, a slice at a time.
      const created: TagDto[] = [];
      await forEachInSlices(ids, 1000, (id) => created.push(toTagDto(byId.get(id)!)));
      return { tags: created };
    });
  }

  /**
   * Inserts user tags with their audit entries and `tagging.tag.changed.v1` events, in the caller's transaction
   * (the CSV import uses it too, naming its file). Throws TagExists when any pair exists already.
   */
  async insert(
    manager: EntityManager,
    actor: Actor,
    tags: readonly NewTag[],
    importedFrom?: string,
  ): Promise<string[]> {
    const ids = await this.tags.insertMany(manager, actor.organizationId, actor.userId, tags);
    if (!ids) throw taggingError(TaggingErrorCode.TagExists);
    const envelope = eventOriginOf(actor);
    await this.events.publishMany(
      manager,
      TOPICS.taggingTagChanged,
      tags.map((tag, index) => ({
        ...envelope,
        payload: {
          tagId: ids[index]!,
          key: tag.key,
          value: tag.value,
          description: tag.description ?? '',
          status: 'Pending' as const,
        },
      })),
    );
    await this.auditLog.record(
      manager,
      actor,
      tags.map((tag, index): AuditEntry => ({
        tagId: ids[index]!,
        activity: 'tag.created',
        detail: importedFrom
          ? { detailCode: 'tagCreatedByImport', detailParams: { tag: tagIdOf(tag.key, tag.value), file: importedFrom } }
          : { detailCode: 'tagCreated', detailParams: { tag: tagIdOf(tag.key, tag.value) } },
      })),
    );
    return ids;
  }

  /** updateTag: a new description, archiving or restoring. System tags follow their assets and are read-only. */
  async update(actor: Actor, id: string, change: UpdateTagDto): Promise<TagDto> {
    return this.tags.transaction(async (manager) => {
      const locked = await this.tags.lock(manager, actor.organizationId, id);
      if (!locked) throw taggingError(TaggingErrorCode.TagNotFound);
      if (locked.system) throw taggingError(TaggingErrorCode.SystemTagReadOnly);
      const before = (await this.tags.find(actor.organizationId, id, manager))!;
      await this.tags.update(manager, actor.organizationId, id, change);
      const after = (await this.tags.find(actor.organizationId, id, manager))!;
      const tagId = tagIdOf(after.key, after.value);
      const entries: AuditEntry[] = [];
      if (change.description !== undefined && change.description !== before.description)
        entries.push({
          tagId: id,
          activity: 'tag.updated',
          detail: { detailCode: 'tagDescriptionChanged', detailParams: { tag: tagId } },
        });
      const wasArchived = before.status === 'Archived';
      if (change.archived === true && !wasArchived)
        entries.push({
          tagId: id,
          activity: 'tag.archived',
          detail: { detailCode: 'tagArchived', detailParams: { tag: tagId } },
        });
      if (change.archived === false && wasArchived)
        entries.push({
          tagId: id,
          activity: 'tag.restored',
          detail: { detailCode: 'tagRestored', detailParams: { tag: tagId } },
        });
      if (entries.length > 0) {
        await this.auditLog.record(manager, actor, entries);
        await this.events.publish(manager, TOPICS.taggingTagChanged, {
          ...eventOriginOf(actor),
          payload: {
            tagId: id,
            key: after.key,
            value: after.value,
            description: after.description,
            status: after.status,
          },
        });
      }
      return toTagDto(after);
    });
  }
}
