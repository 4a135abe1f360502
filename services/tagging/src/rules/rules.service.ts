import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  type ApplyRuleResponse,
  type AuditDetail,
  type AuditRuleConditions,
  type RuleConditions,
  type RuleDto,
  type RulePreviewDto,
  TaggingErrorCode,
  TAGGING_LIMITS,
  tagIdOf,
} from '@infra/contracts';
import { auditConditionsOf } from '../audit-log/audit-detail';
import { AuditEntry, AuditLogRepository } from '../audit-log/audit-log.repository';
import { TagAssignmentService } from '../tag-assignment/tag-assignment.service';
import { taggingError } from '../tagging.errors';
import { TagRow, TagsRepository } from '../tags/tags.repository';
import type { Actor } from '../tenant';
import { globToLike, normalizeConditions } from './rule-conditions';
import type { SaveRuleDto } from './rules.dto';
import { MatchingRule, RuleFields, RuleRow, RulesRepository } from './rules.repository';

/** Who caused an asset upsert: the envelope of the inventory event. */
export interface UpsertEnvelope {
  organizationId: string;
  accountId: string | null;
  actorId: string | null;
}

export function toRuleDto(row: RuleRow): RuleDto {
  return {
    id: row.id,
    name: row.name,
    tagId: row.tag_id,
    conditions: row.conditions,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Business rules: a rule assigns its tag to every asset meeting its conditions, when an asset is upserted and on
 * demand. Rules only ever add tags: they never remove one, even from an asset that stopped matching, because a
 * user may have assigned the same tag by hand (assignments keep no record of every reason they exist).
 */
@Injectable()
export class RulesService {
  constructor(
    private readonly rules: RulesRepository,
    private readonly tags: TagsRepository,
    private readonly assignments: TagAssignmentService,
    private readonly auditLog: AuditLogRepository,
  ) {}

  async list(actor: Actor): Promise<RuleDto[]> {
    return (await this.rules.list(actor.organizationId)).map(toRuleDto);
  }

  async preview(actor: Actor, given: RuleConditions): Promise<RulePreviewDto> {
    const conditions = normalizeConditions(given);
    await this.rules.transaction((manager) => this.requireCollections(manager, actor, conditions));
    const { total, assets } = await this.rules.preview(
      actor.organizationId,
      conditions,
      likeOf(conditions),
      TAGGING_LIMITS.rulePreviewMax,
    );
    return {
      total,
      assets: assets.map((asset) => ({ id: asset.id, name: asset.name, externalId: asset.external_id ?? '' })),
    };
  }

  async create(actor: Actor, request: SaveRuleDto): Promise<RuleDto> {
    return this.rules.transaction(async (manager) => {
      if ((await this.rules.lockAndCount(manager, actor.organizationId)) >= TAGGING_LIMITS.rulesPerOrganizationMax)
        throw taggingError(TaggingErrorCode.TooManyRules);
      const { fields, tag } = await this.fieldsOf(manager, actor, request, true);
      const row = await this.rules.insert(manager, actor, fields);
      if (!row) throw taggingError(TaggingErrorCode.RuleNameTaken);
      await this.record(manager, actor, row, 'rule.created', {
        detailCode: 'ruleCreated',
        detailParams: { rule: row.name, ...this.summary(tag, row) },
      });
      return toRuleDto(row);
    });
  }

  /** Replaces the rule; assets tagged by its former conditions keep the tag (rules never remove tags). */
  async update(actor: Actor, id: string, request: SaveRuleDto): Promise<RuleDto> {
    return this.rules.transaction(async (manager) => {
      const before = await this.rules.lock(manager, actor.organizationId, id);
      if (!before) throw taggingError(TaggingErrorCode.RuleNotFound);
      const { fields, tag } = await this.fieldsOf(manager, actor, request, before.enabled);
      const row = await this.rules.update(manager, actor.organizationId, id, fields);
      if (!row) throw taggingError(TaggingErrorCode.RuleNameTaken);
      await this.record(manager, actor, row, 'rule.updated', {
        detailCode: 'ruleUpdated',
        detailParams: {
          rule: row.name,
          previousName: before.name !== row.name ? before.name : null,
          ...this.summary(tag, row),
        },
      });
      return toRuleDto(row);
    });
  }

  /** Deletes the rule; the tags it assigned stay. */
  async delete(actor: Actor, id: string): Promise<void> {
    await this.rules.transaction(async (manager) => {
      const rule = await this.rules.lock(manager, actor.organizationId, id);
      if (!rule) throw taggingError(TaggingErrorCode.RuleNotFound);
      await this.rules.delete(manager, actor.organizationId, id);
      await this.record(manager, actor, rule, 'rule.deleted', {
        detailCode: 'ruleDeleted',
        detailParams: { rule: rule.name },
      });
    });
  }

  /** Assigns the rule's tag to every asset meeting its conditions now (enabled or not: the Admin asked for it). */
  async apply(actor: Actor, id: string): Promise<ApplyRuleResponse> {
    return this.rules.transaction(async (manager) => {
      const rule = await this.rules.lock(manager, actor.organizationId, id);
      if (!rule) throw taggingError(TaggingErrorCode.RuleNotFound);
      const tag = await this.assignableTag(manager, actor, rule.tag_id);
      const assetIds = await this.rules.matchingAssetIds(
        manager,
        actor.organizationId,
        rule.conditions,
        likeOf(rule.conditions),
      );
      const assigned = await this.assignments.assignPairs(
        manager,
        actor,
        assetIds.map((assetId) => ({ tagId: rule.tag_id, assetId })),
        'rule',
      );
      await this.record(manager, actor, rule, 'rule.applied', {
        detailCode: 'ruleApplied',
        detailParams: {
          rule: rule.name,
          tag: tagIdOf(tag.key, tag.value),
          count: assigned.length,
          matched: assetIds.length,
        },
      });
      return { matched: assetIds.length, newlyAssigned: assigned.length };
    });
  }

  /**
   * After asset upserts (in the consumer's transaction, once for a batch's assets): the organization's enabled rules
   * that each asset meets assign their tags. The event's actor acts, or each rule's creator for events without one
   * (a sync job). Returns the pairs newly assigned.
   */
  async applyToAssets(manager: EntityManager, envelope: UpsertEnvelope, assetIds: readonly string[]): Promise<number> {
    const matching = await this.rules.rulesMatchingAssets(manager, envelope.organizationId, assetIds);
    const byActor = new Map<string, { actor: Actor; rules: MatchingRule[] }>();
    for (const rule of matching) {
      const actor: Actor = {
        organizationId: envelope.organizationId,
        accountId: envelope.accountId ?? rule.account_id,
        userId: envelope.actorId ?? rule.created_by,
        role: 'Admin',
        apiKeyId: null,
      };
      const key = `${actor.userId}/${actor.accountId}`;
      const group = byActor.get(key) ?? { actor, rules: [] };
      group.rules.push(rule);
      byActor.set(key, group);
    }
    let newlyAssigned = 0;
    for (const { actor, rules } of byActor.values()) {
      const assigned = await this.assignments.assignPairs(
        manager,
        actor,
        rules.map((rule) => ({ tagId: rule.tag_id, assetId: rule.asset_id })),
        'rule',
      );
      newlyAssigned += assigned.length;
      // Only rules that changed something are logged: a re-sent asset must not flood the audit log.
      const tagged = new Set(assigned.map((pair) => `${pair.tagId}/${pair.assetId}`));
      await this.auditLog.record(
        manager,
        actor,
        rules
          .filter((rule) => tagged.delete(`${rule.tag_id}/${rule.asset_id}`))
          .map((rule): AuditEntry => ({
            tagId: rule.tag_id,
            activity: 'rule.applied',
            detail: {
              detailCode: 'ruleAppliedToAsset',
              detailParams: { rule: rule.name, tag: tagIdOf(rule.tag_key, rule.tag_value), asset: rule.asset_name },
            },
          })),
      );
    }
    return newlyAssigned;
  }

  /** The stored fields of a request, once its tag and collections are known to be the organization's. */
  private async fieldsOf(
    manager: EntityManager,
    actor: Actor,
    request: SaveRuleDto,
    enabledByDefault: boolean,
  ): Promise<{ fields: RuleFields; tag: TagRow }> {
    const conditions = normalizeConditions(request.conditions);
    const tag = await this.assignableTag(manager, actor, request.tagId);
    await this.requireCollections(manager, actor, conditions);
    return {
      fields: {
        name: request.name.trim(),
        tagId: tag.id,
        conditions,
        nameLike: likeOf(conditions),
        enabled: request.enabled ?? enabledByDefault,
      },
      tag,
    };
  }

  /** A user tag of the organization that is not archived (rules assign it). */
  private async assignableTag(manager: EntityManager, actor: Actor, tagId: string): Promise<TagRow> {
    const [tag] = await this.tags.findMany(manager, actor.organizationId, [tagId]);
    if (!tag) throw taggingError(TaggingErrorCode.TagNotFound);
    if (tag.system) throw taggingError(TaggingErrorCode.SystemTagReadOnly);
    if (tag.status === 'Archived') throw taggingError(TaggingErrorCode.TagArchived);
    return tag;
  }

  private async requireCollections(manager: EntityManager, actor: Actor, conditions: RuleConditions): Promise<void> {
    const ids = conditions.collectionIds ?? [];
    if ((await this.rules.countCollections(manager, actor.organizationId, ids)) !== ids.length)
      throw taggingError(TaggingErrorCode.UnknownCollections);
  }

  /** What a rule's audit detail says it does: its tag, when (its conditions), and whether it is enabled. */
  private summary(tag: TagRow, row: RuleRow): { tag: string; conditions: AuditRuleConditions; enabled: boolean } {
    return { tag: tagIdOf(tag.key, tag.value), conditions: auditConditionsOf(row.conditions), enabled: row.enabled };
  }

  private async record(
    manager: EntityManager,
    actor: Actor,
    rule: RuleRow,
    activity: AuditEntry['activity'],
    detail: AuditDetail,
  ): Promise<void> {
    await this.auditLog.record(manager, actor, [{ tagId: rule.tag_id, activity, detail }]);
  }
}

function likeOf(conditions: RuleConditions): string | null {
  return conditions.namePattern ? globToLike(conditions.namePattern) : null;
}
