import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TOPICS, type AssignSystemTagsResponse } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import { AuditLogRepository } from '../audit-log/audit-log.repository';
import { type Actor, type EventOrigin, eventOriginOf } from '../tenant';
import { AssignmentEvents } from './assignment-events';
import { TagAssignmentRepository } from './tag-assignment.repository';
import { requireOwnedAssets } from './tag-assignment.service';

/** System tags (`site:…`, `instance_type:…`) follow the assets' attributes in tagging's read model. */
@Injectable()
export class SystemTagsService {
  constructor(
    private readonly assignments: TagAssignmentRepository,
    private readonly assignmentEvents: AssignmentEvents,
    private readonly auditLog: AuditLogRepository,
    private readonly events: EventPublisher,
  ) {}

  /** Re-derives the system tags of these assets in the caller's transaction and publishes the changes. */
  async derive(manager: EntityManager, envelope: EventOrigin, assetIds: string[]): Promise<AssignSystemTagsResponse> {
    const result = await this.assignments.deriveSystemTags(manager, envelope.organizationId, assetIds);
    // New system tags are announced like any tag (other services label them by their key and value).
    await this.events.publishMany(
      manager,
      TOPICS.taggingTagChanged,
      result.created.map((tag) => ({
        ...envelope,
        payload: { tagId: tag.id, key: tag.key, value: tag.value, description: '', status: 'Pending' as const },
      })),
    );
    await this.assignmentEvents.publish(manager, envelope, result.assigned, result.unassigned);
    return {
      assets: assetIds.length,
      tagsCreated: result.created.length,
      newlyAssigned: result.assigned.length,
      unassigned: result.unassigned.length,
    };
  }

  /** `POST tags/assignSystemTag`: re-derive the given assets' system tags, or every asset's. */
  async assign(actor: Actor, assetIds: string[] | undefined): Promise<AssignSystemTagsResponse> {
    return this.assignments.transaction(async (tx) => {
      const ids = assetIds
        ? await requireOwnedAssets(this.assignments, tx, actor.organizationId, assetIds)
        : await this.assignments.allAssetIds(tx, actor.organizationId);
      const summary = await this.derive(tx, eventOriginOf(actor), ids);
      await this.auditLog.record(tx, actor, [
        {
          tagId: null,
          activity: 'tags.assigned',
          detail: {
            detailCode: 'systemTagsRefreshed',
            detailParams: { count: summary.assets, assigned: summary.newlyAssigned, removed: summary.unassigned },
          },
        },
      ]);
      return summary;
    });
  }
}
