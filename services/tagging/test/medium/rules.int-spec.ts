// Medium tier: business rules on a scratch PostgreSQL database with the real migrations. Matching is one query
// over tagging's read model and never reaches another organization's assets; applying assigns once, with its
// events (outbox) and audit entries; the asset-upsert path applies the enabled rules to the upserted asset.
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { type AssetUpsertedPayload, TaggingErrorCode, TAGGING_LIMITS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import { DomainError } from '@infra/platform';
import { AuditLogRepository } from '../../src/audit-log/audit-log.repository';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import type { SaveRuleDto } from '../../src/rules/rules.dto';
import { RulesRepository } from '../../src/rules/rules.repository';
import { RulesService } from '../../src/rules/rules.service';
import { AssignmentEvents } from '../../src/tag-assignment/assignment-events';
import { TagAssignmentRepository } from '../../src/tag-assignment/tag-assignment.repository';
import { TagAssignmentService } from '../../src/tag-assignment/tag-assignment.service';
import { TagsRepository } from '../../src/tags/tags.repository';
import type { Actor } from '../../src/tenant';
import { adminOfNewOrganization, taggingTestDatabase } from './tagging-database';

describe('business rules (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof taggingTestDatabase>>;
  let dataSource: DataSource;
  let rules: RulesService;
  let tags: TagsRepository;
  const readModels = new ReadModelsRepository();
  const ours = adminOfNewOrganization();
  const theirs = adminOfNewOrganization();

  beforeAll(async () => {
    database = await taggingTestDatabase();
    dataSource = database.dataSource;
    tags = new TagsRepository(dataSource);
    const auditLog = new AuditLogRepository(dataSource);
    const assignments = new TagAssignmentService(
      new TagAssignmentRepository(dataSource),
      tags,
      new AssignmentEvents(new EventPublisher()),
      auditLog,
    );
    rules = new RulesService(new RulesRepository(dataSource), tags, assignments, auditLog);
  });

  afterAll(async () => {
    await database?.drop();
  });

  const tx = <T>(work: (manager: EntityManager) => Promise<T>) => dataSource.transaction(work);

  /** An asset as inventory's upsert event gives it to tagging's read model. */
  const asset = async (
    actor: Actor,
    name: string,
    attributes: { site?: string; instance_type?: string } = {},
    assetId: string = randomUUID(),
  ): Promise<string> => {
    const payload: AssetUpsertedPayload = {
      assetId,
      externalId: `i-${name}`,
      name,
      status: 'active',
      collectionIds: [],
      attributes,
    };
    await tx((manager) => readModels.upsertAsset(manager, actor.organizationId, payload));
    return assetId;
  };
  const collection = async (actor: Actor, assetIds: string[]) => {
    const collectionId = randomUUID();
    await tx((manager) =>
      readModels.replaceCollection(manager, actor.organizationId, {
        collectionId,
        name: 'web',
        assetIds,
        deleted: false,
      }),
    );
    return collectionId;
  };
  const userTag = async (actor: Actor, key: string) => {
    const [id] = (await tx((manager) =>
      tags.insertMany(manager, actor.organizationId, actor.userId, [{ key, value: 'v' }]),
    ))!;
    return id;
  };
  const previewNames = async (actor: Actor, conditions: SaveRuleDto['conditions']) =>
    (await rules.preview(actor, conditions)).assets.map((a) => a.name);
  const assignedAssets = async (actor: Actor, tagId: string) =>
    (
      await dataSource.query<{ asset_id: string; source: string }[]>(
        `SELECT asset_id, source FROM tag_assets WHERE organization_id = $1 AND tag_id = $2 ORDER BY asset_id`,
        [actor.organizationId, tagId],
      )
    ).map((row) => `${row.asset_id}/${row.source}`);
  const codeOf = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      if (error instanceof DomainError) return error.code;
      throw error;
    }
    return 'no error';
  };

  let web1: string;
  let web2: string;
  let db1: string;
  let webCollection: string;
  let theirWeb: string;

  beforeAll(async () => {
    web1 = await asset(ours, 'web-1', { site: 'us-east-1a', instance_type: 'm5.large' });
    web2 = await asset(ours, 'Web-2', { site: 'US-EAST-1A', instance_type: 'c5.xlarge' });
    db1 = await asset(ours, 'db_1', { site: 'eu-west-1b', instance_type: 'm5.large' });
    await asset(ours, 'dbx1', { site: 'eu-west-1b' });
    await asset(ours, '50%-off');
    webCollection = await collection(ours, [web1, db1]);
    // Another organization's assets with the same names and attributes, and a collection naming our asset id.
    theirWeb = await asset(theirs, 'web-1', { site: 'us-east-1a', instance_type: 'm5.large' });
    await collection(theirs, [web2]);
  });

  it('previews the matches of each kind of condition, case-insensitively, every condition holding', async () => {
    expect(await previewNames(ours, { sites: ['us-east-1A'] })).toEqual(['web-1', 'Web-2']);
    expect(await previewNames(ours, { instanceTypes: ['M5.LARGE', 'none'] })).toEqual(['db_1', 'web-1']);
    expect(await previewNames(ours, { namePattern: 'WEB-*' })).toEqual(['web-1', 'Web-2']);
    expect(await previewNames(ours, { namePattern: 'web-?' })).toEqual(['web-1', 'Web-2']);
    // `_` and `%` in a pattern are literal: `db_1` does not match `dbx1`, `50%*` not `5000`.
    expect(await previewNames(ours, { namePattern: 'db_1' })).toEqual(['db_1']);
    expect(await previewNames(ours, { namePattern: '50%*' })).toEqual(['50%-off']);
    expect(await previewNames(ours, { collectionIds: [webCollection] })).toEqual(['db_1', 'web-1']);
    expect(await previewNames(ours, { sites: ['us-east-1a'], collectionIds: [webCollection] })).toEqual(['web-1']);
    expect(await previewNames(ours, { sites: ['us-east-1a'], instanceTypes: ['c5.xlarge'] })).toEqual(['Web-2']);
    expect(await rules.preview(ours, { sites: ['nowhere'] })).toEqual({ total: 0, assets: [] });
    expect(await rules.preview(ours, { sites: ['eu-west-1b'] })).toEqual({
      total: 2,
      assets: [
        { id: db1, name: 'db_1', externalId: 'i-db_1' },
        { id: expect.any(String), name: 'dbx1', externalId: 'i-dbx1' },
      ],
    });
  });

  it("never matches another organization's assets, nor accepts its collections", async () => {
    expect(await previewNames(theirs, { namePattern: '*' })).toEqual(['web-1']);
    expect((await rules.preview(theirs, { sites: ['us-east-1a'] })).assets.map((a) => a.id)).toEqual([theirWeb]);
    expect(await codeOf(rules.preview(theirs, { collectionIds: [webCollection] }))).toBe(
      TaggingErrorCode.UnknownCollections,
    );
  });

  it('lists at most rulePreviewMax assets and counts them all', async () => {
    const many = adminOfNewOrganization();
    for (let i = 0; i <= TAGGING_LIMITS.rulePreviewMax; i += 1) await asset(many, `n-${String(i).padStart(3, '0')}`);
    const preview = await rules.preview(many, { namePattern: 'n-*' });
    expect(preview.total).toBe(TAGGING_LIMITS.rulePreviewMax + 1);
    expect(preview.assets).toHaveLength(TAGGING_LIMITS.rulePreviewMax);
    expect(preview.assets[0]!.name).toBe('n-000');
  });

  it('applies on demand once (re-applying adds nothing), with events and audit entries', async () => {
    const tagId = await userTag(ours, 'role-web');
    const rule = await rules.create(ours, { name: 'web servers', tagId, conditions: { namePattern: 'web-*' } });
    expect(rule).toMatchObject({ name: 'web servers', tagId, enabled: true, conditions: { namePattern: 'web-*' } });
    const outboxBefore = await outboxCount();
    expect(await rules.apply(ours, rule.id)).toEqual({ matched: 2, newlyAssigned: 2 });
    expect(await assignedAssets(ours, tagId)).toEqual([`${web1}/rule`, `${web2}/rule`].sort());
    expect(await outboxCount()).toBe(outboxBefore + 1);
    expect(await rules.apply(ours, rule.id)).toEqual({ matched: 2, newlyAssigned: 0 });
    expect(await outboxCount()).toBe(outboxBefore + 1);
    const details = await auditDetails(ours, tagId);
    expect(details).toEqual(
      expect.arrayContaining([
        'rule.created: Created rule web servers: assigns role-web:v when name like web-*',
        'rule.applied: Rule web servers applied: role-web:v assigned to 2 assets (2 assets matched)',
        'rule.applied: Rule web servers applied: role-web:v assigned to 0 assets (2 assets matched)',
        'tags.assigned: Assigned role-web:v to 2 assets',
      ]),
    );
    // Another organization cannot apply, change or delete the rule.
    expect(await codeOf(rules.apply(theirs, rule.id))).toBe(TaggingErrorCode.RuleNotFound);
    expect(await codeOf(rules.delete(theirs, rule.id))).toBe(TaggingErrorCode.RuleNotFound);
    expect(await codeOf(rules.update(theirs, rule.id, { ...rule, name: 'x' }))).toBe(TaggingErrorCode.RuleNotFound);
    expect((await rules.list(theirs)).map((r) => r.id)).not.toContain(rule.id);
  });

  it('applies the enabled rules to an upserted asset (the consumer path), never removing a tag', async () => {
    const org = adminOfNewOrganization();
    const [prod, db, off] = [await userTag(org, 'env'), await userTag(org, 'db'), await userTag(org, 'off')];
    await rules.create(org, { name: 'prod site', tagId: prod, conditions: { sites: ['us-east-1a'] } });
    await rules.create(org, { name: 'databases', tagId: db, conditions: { namePattern: 'db-*' } });
    await rules.create(org, { name: 'disabled', tagId: off, conditions: { sites: ['us-east-1a'] }, enabled: false });
    const assetId = await asset(org, 'web-9', { site: 'us-east-1a' });
    // The event's actor is nobody (a sync job): the rule's creator acts.
    const envelope = { organizationId: org.organizationId, accountId: org.accountId, actorId: null };
    expect(await tx((manager) => rules.applyToAssets(manager, envelope, [assetId]))).toBe(1);
    expect(await assignedAssets(org, prod)).toEqual([`${assetId}/rule`]);
    expect(await assignedAssets(org, db)).toEqual([]);
    expect(await assignedAssets(org, off)).toEqual([]);
    expect(await auditDetails(org, prod)).toContain('rule.applied: Rule prod site applied: env:v assigned to web-9');
    const [{ user_id }] = await dataSource.query<{ user_id: string }[]>(
      `SELECT user_id FROM tag_audit_log WHERE organization_id = $1 AND activity = 'rule.applied'`,
      [org.organizationId],
    );
    expect(user_id).toBe(org.userId);

    // Upserted again, now elsewhere and named like a database: the site rule's tag stays, the name rule adds its own.
    await asset(org, 'db-9', { site: 'eu-west-1b' }, assetId);
    const actorId = randomUUID();
    expect(await tx((manager) => rules.applyToAssets(manager, { ...envelope, actorId }, [assetId]))).toBe(1);
    expect(await assignedAssets(org, prod)).toEqual([`${assetId}/rule`]);
    expect(await assignedAssets(org, db)).toEqual([`${assetId}/rule`]);
    // Re-sent unchanged: nothing new, nothing logged.
    const entries = (await auditDetails(org)).length;
    expect(await tx((manager) => rules.applyToAssets(manager, { ...envelope, actorId }, [assetId]))).toBe(0);
    expect(await auditDetails(org)).toHaveLength(entries);

    // An archived tag is skipped; another organization's rules never apply to this asset.
    await tx((manager) => tags.update(manager, org.organizationId, db, { archived: true }));
    const other = await asset(org, 'db-10', { site: 'eu-west-1b' });
    expect(await tx((manager) => rules.applyToAssets(manager, envelope, [other]))).toBe(0);
    expect(
      await tx((manager) =>
        rules.applyToAssets(manager, { ...envelope, organizationId: theirs.organizationId }, [other]),
      ),
    ).toBe(0);
  });

  it('refuses tags that are not assignable and collections of another organization', async () => {
    const org = adminOfNewOrganization();
    const archived = await userTag(org, 'old');
    await tx((manager) => tags.update(manager, org.organizationId, archived, { archived: true }));
    const conditions = { sites: ['x'] };
    expect(await codeOf(rules.create(org, { name: 'a', tagId: archived, conditions }))).toBe(
      TaggingErrorCode.TagArchived,
    );
    expect(await codeOf(rules.create(org, { name: 'a', tagId: await userTag(ours, 'foreign'), conditions }))).toBe(
      TaggingErrorCode.TagNotFound,
    );
    await asset(org, 'sys', { site: 'eu-west-1b' });
    const [system] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO tags (organization_id, key, value, system) VALUES ($1, 'site', 'eu-west-1b', true) RETURNING id`,
      [org.organizationId],
    );
    expect(await codeOf(rules.create(org, { name: 'a', tagId: system!.id, conditions }))).toBe(
      TaggingErrorCode.SystemTagReadOnly,
    );
    const tagId = await userTag(org, 'ok');
    expect(await codeOf(rules.create(org, { name: 'a', tagId, conditions: { collectionIds: [webCollection] } }))).toBe(
      TaggingErrorCode.UnknownCollections,
    );
  });

  it('keeps names unique per organization in any letter case, and at most rulesPerOrganizationMax rules', async () => {
    const org = adminOfNewOrganization();
    const tagId = await userTag(org, 'limit');
    const save = (name: string) => rules.create(org, { name, tagId, conditions: { sites: ['x'] } });
    const first = await save('Web servers');
    expect(await codeOf(save('web SERVERS'))).toBe(TaggingErrorCode.RuleNameTaken);
    const second = await save('other');
    expect(
      await codeOf(rules.update(org, second.id, { name: ' WEB servers ', tagId, conditions: { sites: ['x'] } })),
    ).toBe(TaggingErrorCode.RuleNameTaken);
    // Another organization may use the name.
    await rules.create(theirs, {
      name: 'web servers',
      tagId: await userTag(theirs, 'limit'),
      conditions: { sites: ['x'] },
    });
    // Renaming a rule to its own name in another case is fine; omitting `enabled` keeps it.
    await rules.update(org, first.id, { name: 'Web servers', tagId, conditions: { sites: ['x'] }, enabled: false });
    expect(
      await rules.update(org, first.id, { name: 'WEB SERVERS', tagId, conditions: { sites: ['y'] } }),
    ).toMatchObject({
      name: 'WEB SERVERS',
      enabled: false,
      conditions: { sites: ['y'] },
    });

    // Concurrent creations up to the limit: exactly the limit is reached.
    const attempts = Array.from({ length: TAGGING_LIMITS.rulesPerOrganizationMax }, (_, i) => codeOf(save(`r${i}`)));
    const codes = await Promise.all(attempts);
    expect(codes.filter((code) => code === 'no error')).toHaveLength(TAGGING_LIMITS.rulesPerOrganizationMax - 2);
    expect(codes.filter((code) => code === TaggingErrorCode.TooManyRules)).toHaveLength(2);
    expect(await rules.list(org)).toHaveLength(TAGGING_LIMITS.rulesPerOrganizationMax);

    // Deleting makes room again; the rule is gone and logged.
    await rules.delete(org, first.id);
    expect(await codeOf(rules.delete(org, first.id))).toBe(TaggingErrorCode.RuleNotFound);
    expect(await codeOf(save('again'))).toBe('no error');
    expect(await auditDetails(org, tagId)).toContain('rule.deleted: Deleted rule WEB SERVERS');
    // Stored as a code with parameters (rendered in each reader's language), beside the English sentence.
    const [deleted] = await dataSource.query<{ detail_code: string; detail_params: unknown }[]>(
      `SELECT detail_code, detail_params FROM tag_audit_log WHERE organization_id = $1 AND activity = 'rule.deleted'`,
      [org.organizationId],
    );
    expect(deleted).toEqual({ detail_code: 'ruleDeleted', detail_params: { rule: 'WEB SERVERS' } });
  });

  const outboxCount = async () =>
    (await dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM outbox`))[0]!.count;
  const auditDetails = async (actor: Actor, tagId?: string) =>
    (
      await dataSource.query<{ activity: string; detail: string }[]>(
        `SELECT activity, detail FROM tag_audit_log WHERE organization_id = $1 AND ($2::uuid IS NULL OR tag_id = $2)
          ORDER BY created_at`,
        [actor.organizationId, tagId ?? null],
      )
    ).map((row) => `${row.activity}: ${row.detail}`);
});
