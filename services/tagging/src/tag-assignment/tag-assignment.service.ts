import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { type AssignTagsSummary, TaggingErrorCode, tagIdOf } from '@infra/contracts';
import { ReadModelLag } from '@infra/messaging';
import { forEachInSlices } from '@infra/platform';
import { AuditEntry, AuditLogRepository } from '../audit-log/audit-log.repository';
import { taggingError } from '../tagging.errors';
import { TagsRepository } from '../tags/tags.repository';
import { type Actor, eventOriginOf } from '../tenant';
import { AssignmentEvents } from './assignment-events';
import type { AssignTagsDto } from './tag-assignment.dto';
import { Assignment, AssignmentSource, TagAssignmentRepository } from './tag-assignment.repository';

/** The ids, each once, when every one is an asset of the organization; otherwise UnknownAssets (404). */
export async function requireOwnedAssets(
  repository: TagAssignmentRepository,
  manager: EntityManager,
  organizationId: string,
  assetIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(assetIds)];
  const owned = await repository.ownedAssetIds(manager, organizationId, unique);
  if (owned.length !== unique.length) throw taggingError(TaggingErrorCode.UnknownAssets);
  return unique;
}

/** Pairs per tag (up to 500,000 pairs: counted a slice at a time). */
async function countByTag(pairs: readonly Assignment[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await forEachInSlices(pairs, 50_000, (pair) => counts.set(pair.tagId, (counts.get(pair.tagId) ?? 0) + 1));
  return counts;
}

const total = (counts: ReadonlyMap<string, number>) => [...counts.values()].reduce((sum, count) => sum + count, 0);

@Injectable()
export class TagAssignmentService {
  constructor(
    private readonly assignments: TagAssignmentRepository,
    private readonly tags: TagsRepository,
    private readonly assignmentEvents: AssignmentEvents,
    private readonly auditLog: AuditLogRepository,
    private readonly lag: ReadModelLag = ReadModelLag.none,
  ) {}

  /**
   * batchAssignTags: the tags onto the assets named and every member of the collections, and off the assets of
   * `unassignAssetIds`, in one transaction. Repeating the call changes nothing (pairs present are counted as such).
   */
  async assign(actor: Actor, request: AssignTagsDto): Promise<AssignTagsSummary> {
    // Assets and collections created a moment ago may not be in tagging's copies yet: wait for them (outside the
    // transaction, which then checks for good).
    const assetIds = [...(request.assetIds ?? []), ...(request.unassignAssetIds ?? [])];
    await this.lag.waitFor(() =>
      this.assignments.holdsAll(actor.organizationId, assetIds, request.collectionIds ?? []),
    );
    return this.assignments.transaction(async (manager) => {
      const tagIds = [...new Set(request.tagIds)];
      const tags = await this.tags.findMany(manager, actor.organizationId, tagIds);
      if (tags.length !== tagIds.length) throw taggingError(TaggingErrorCode.TagNotFound);
      if (tags.some((tag) => tag.system)) throw taggingError(TaggingErrorCode.SystemTagReadOnly);
      const assetIds = await requireOwnedAssets(
        this.assignments,
        manager,
        actor.organizationId,
        request.assetIds ?? [],
      );
      const collectionIds = [...new Set(request.collectionIds ?? [])];
      const members = await this.assignments.collectionMembers(manager, actor.organizationId, collectionIds);
      if (members.found !== collectionIds.length) throw taggingError(TaggingErrorCode.UnknownCollections);
      const targets = [...new Set([...assetIds, ...members.assetIds])];
      if (targets.length > 0 && tags.some((tag) => tag.status === 'Archived'))
        throw taggingError(TaggingErrorCode.TagArchived);
      const removeFrom = await requireOwnedAssets(
        this.assignments,
        manager,
        actor.organizationId,
        request.unassignAssetIds ?? [],
      );
      const envelope = eventOriginOf(actor);
      const added = await this.assignments.changeEvery(manager, 'assign', envelope, tagIds, targets);
      const removed = await this.assignments.changeEvery(manager, 'unassign', envelope, tagIds, removeFrom);
      await this.recordAudit(manager, actor, tags, added, removed);
      const newlyAssigned = total(added);
      return {
        tags: tagIds.length,
        assets: targets.length,
        newlyAssigned,
        alreadyPresent: tagIds.length * targets.length - newlyAssigned,
        unassigned: total(removed),
      };
    });
  }

  /** Adds pairs on behalf of the import or a rule, with their events and audit entries, in the caller's transaction. */
  async assignPairs(
    manager: EntityManager,
    actor: Actor,
    pairs: readonly Assignment[],
    source: AssignmentSource,
  ): Promise<Assignment[]> {
    const assigned = await this.assignments.assign(manager, actor.organizationId, pairs, source);
    const tagIds = [...new Set(assigned.map((pair) => pair.tagId))];
    const tags = tagIds.length > 0 ? await this.tags.names(manager, actor.organizationId, tagIds) : [];
    await this.assignmentEvents.publish(manager, eventOriginOf(actor), assigned, []);
    await this.recordAudit(manager, actor, tags, await countByTag(assigned), new Map());
    return assigned;
  }

  /** One audit entry per tag and direction, with the count of pairs. */
  private async recordAudit(
    manager: EntityManager,
    actor: Actor,
    tags: readonly { id: string; key: string; value: string }[],
    added: ReadonlyMap<string, number>,
    removed: ReadonlyMap<string, number>,
  ): Promise<void> {
    const entries: AuditEntry[] = tags.flatMap((tag) => {
      const name = tagIdOf(tag.key, tag.value);
      const changes: AuditEntry[] = [];
      const addedCount = added.get(tag.id) ?? 0;
      const removedCount = removed.get(tag.id) ?? 0;
      if (addedCount > 0)
        changes.push({
          tagId: tag.id,
          activity: 'tags.assigned',
          detail: { detailCode: 'tagAssigned', detailParams: { tag: name, count: addedCount } },
        });
      if (removedCount > 0)
        changes.push({
          tagId: tag.id,
          activity: 'tags.unassigned',
          detail: { detailCode: 'tagUnassigned', detailParams: { tag: name, count: removedCount } },
        });
      return changes;
    });
    await this.auditLog.record(manager, actor, entries);
  }
}
