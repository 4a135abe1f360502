// Medium tier: business events on a scratch PostgreSQL database with the real migrations. Read-model events are
// applied as the consumer applies them (in a transaction, with the re-resolution); published events are read back
// from the outbox table (no Kafka).
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import {
  type BusinessEventChangedPayload,
  BusinessEventErrorCode,
  type CollectionChangedPayload,
  type ImpactUpsertedPayload,
  type TagsAssignedPayload,
} from '@infra/contracts';
import { EventPublisher, setAssetStatus } from '@infra/messaging';
import { DomainError, type Tenant } from '@infra/platform';
import { BusinessEventChanges } from '../../src/business-events/business-event-changes';
import { BusinessEventsRepository } from '../../src/business-events/business-events.repository';
import { BusinessEventsService } from '../../src/business-events/business-events.service';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import { adminOfNewOrganization, eventsTestDatabase } from './events-database';

jest.setTimeout(60_000);

describe('business events (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof eventsTestDatabase>>;
  let dataSource: DataSource;
  let repository: BusinessEventsRepository;
  let changes: BusinessEventChanges;
  let service: BusinessEventsService;
  const readModels = new ReadModelsRepository();
  const ours = adminOfNewOrganization();
  const theirs = adminOfNewOrganization();
  let sequence = 0;

  beforeAll(async () => {
    database = await eventsTestDatabase();
    dataSource = database.dataSource;
    repository = new BusinessEventsRepository(dataSource);
    changes = new BusinessEventChanges(repository, new EventPublisher());
    service = new BusinessEventsService(repository, changes, new EventPublisher());
  });

  afterAll(async () => {
    await database?.drop();
  });

  const tx = <T>(work: (manager: EntityManager) => Promise<T>) => dataSource.transaction(work);
  const envelope = (tenant: Tenant) => ({ organizationId: tenant.organizationId, accountId: null, actorId: null });
  const uniqueName = (prefix = 'ev') => `${prefix}-${++sequence}-${randomUUID().slice(0, 8)}`;
  const window = { startDate: '2026-03-01T00:00:00.000Z', endDate: '2026-03-07T00:00:00.000Z' };

  /** inventory.asset.upserted.v1 as the consumer applies it. */
  const asset = async (tenant: Tenant, name = uniqueName('asset')): Promise<string> => {
    const assetId = randomUUID();
    await tx((manager) =>
      readModels.upsertAsset(manager, tenant.organizationId, {
        assetId,
        name,
        status: 'active',
        collectionIds: [],
        attributes: {},
      }),
    );
    return assetId;
  };
  /** inventory.collection.changed.v1 as the consumer applies it: the read model, then the events naming it. */
  const applyCollection = (tenant: Tenant, payload: CollectionChangedPayload) =>
    tx(async (manager) => {
      if (await readModels.replaceCollection(manager, tenant.organizationId, payload))
        await changes.followMembers(manager, envelope(tenant), 'collection', [payload.collectionId]);
    });
  const collection = async (tenant: Tenant, assetIds: string[], name = uniqueName('collection')) => {
    const collectionId = randomUUID();
    await applyCollection(tenant, { collectionId, name, assetIds, deleted: false });
    return collectionId;
  };
  /** tagging.tags.assigned.v1 as the consumer applies it. */
  const applyTags = (tenant: Tenant, payload: TagsAssignedPayload) =>
    tx(async (manager) => {
      const tagIds = await readModels.applyTagAssignments(manager, tenant.organizationId, payload);
      await changes.followMembers(manager, envelope(tenant), 'tag', tagIds);
    });
  const tag = async (tenant: Tenant, key: string, assetIds: string[]) => {
    const tagId = randomUUID();
    await tx((manager) =>
      readModels.upsertTag(manager, tenant.organizationId, {
        tagId,
        key,
        value: 'on',
        description: '',
        status: 'Active',
      }),
    );
    await applyTags(tenant, { assignments: assetIds.map((assetId) => ({ tagId, assetId })), unassignments: [] });
    return tagId;
  };

  const codeOf = (promise: Promise<unknown>): Promise<string> =>
    promise.then(
      () => 'ok',
      (error: unknown) => {
        if (error instanceof DomainError) return error.code;
        throw error;
      },
    );

  /** The event's `events.business-event.changed.v1` messages in the outbox, oldest first. */
  const changedMessages = async (eventId: string): Promise<BusinessEventChangedPayload[]> =>
    (
      await dataSource.query<{ payload: BusinessEventChangedPayload }[]>(
        `SELECT envelope -> 'payload' AS payload FROM outbox
          WHERE topic = 'events.business-event.changed.v1' AND envelope -> 'payload' ->> 'businessEventId' = $1
          ORDER BY id`,
        [eventId],
      )
    ).map((row) => row.payload);
  const lastChanged = async (eventId: string) => (await changedMessages(eventId)).at(-1)!;
  const sorted = (ids: string[]) => [...ids].sort();

  describe('create, list, get and change, in one organization', () => {
    it('creates an event in UTC, lists it newest start first, finds it, and publishes it', async () => {
      const older = await service.create(ours, { name: uniqueName('older'), ...window });
      const created = await service.create(ours, {
        name: uniqueName('Launch'),
        description: 'v2,launch',
        startDate: '2026-04-01T10:00:00+02:00',
        endDate: '2026-04-01T12:00:00+02:00',
      });
      expect(created).toMatchObject({
        description: 'v2,launch',
        startDate: '2026-04-01T08:00:00.000Z',
        endDate: '2026-04-01T10:00:00.000Z',
        assignment: { collectionIds: [], tagIds: [], assetIds: [] },
        assetCount: 0,
      });
      expect(await service.get(ours, created.id)).toEqual(created);
      const page = await service.list(ours, { pageSize: 100 });
      expect(page.items.map((item) => item.id).slice(0, 2)).toEqual([created.id, older.id]);
      expect(page).toMatchObject({ page: 1, pageSize: 100, total: page.items.length });
      const searched = await service.list(ours, { search: created.name.toUpperCase() });
      expect(searched.items.map((item) => item.id)).toEqual([created.id]);
      expect(await lastChanged(created.id)).toEqual({
        businessEventId: created.id,
        name: created.name,
        description: 'v2,launch',
        startDate: created.startDate,
        endDate: created.endDate,
        assetIds: [],
        targets: [],
        deleted: false,
      });
    });

    it("never shows or changes another organization's event: the same answer as an unknown id", async () => {
      const event = await service.create(ours, { name: uniqueName(), ...window });
      expect(await codeOf(service.get(theirs, event.id))).toBe(BusinessEventErrorCode.NotFound);
      expect(await codeOf(service.get(ours, randomUUID()))).toBe(BusinessEventErrorCode.NotFound);
      expect(await codeOf(service.update(theirs, event.id, { name: 'stolen' }))).toBe(BusinessEventErrorCode.NotFound);
      expect(await codeOf(service.upsertImpacts(theirs, { businessEventId: event.id, impacts: [] }))).toBe(
        BusinessEventErrorCode.NotFound,
      );
      expect((await service.list(theirs, { search: event.name })).total).toBe(0);
      expect((await service.get(ours, event.id)).name).toBe(event.name);
    });

    it('keeps names unique per organization whatever the letter case, also under concurrent requests', async () => {
      const name = uniqueName('Unique');
      const results = await Promise.all(
        [name, name.toUpperCase(), name.toLowerCase()].map((variant) =>
          codeOf(service.create(ours, { name: variant, ...window })),
        ),
      );
      expect(results.sort()).toEqual(['BUSINESS_EVENT_NAME_TAKEN', 'BUSINESS_EVENT_NAME_TAKEN', 'ok']);
      // Another organization may use it; a rename onto it is refused; a change of letter case of its own is fine.
      expect(await codeOf(service.create(theirs, { name, ...window }))).toBe('ok');
      const other = await service.create(ours, { name: uniqueName(), ...window });
      expect(await codeOf(service.update(ours, other.id, { name: name.toLowerCase() }))).toBe(
        BusinessEventErrorCode.NameTaken,
      );
      const [own] = (await service.list(ours, { search: name })).items;
      expect((await service.update(ours, own!.id, { name: name.toUpperCase() })).name).toBe(name.toUpperCase());
    });

    it('checks the dates as they will be stored when only one of them changes', async () => {
      const event = await service.create(ours, { name: uniqueName(), ...window });
      expect(await codeOf(service.update(ours, event.id, { endDate: '2026-02-01T00:00:00Z' }))).toBe(
        BusinessEventErrorCode.DatesInvalid,
      );
      const changed = await service.update(ours, event.id, { endDate: window.startDate, description: 'instant' });
      expect(changed).toMatchObject({ startDate: window.startDate, endDate: window.startDate, description: 'instant' });
      expect((await lastChanged(event.id)).description).toBe('instant');
    });
  });

  describe('assignment', () => {
    it('resolves collections, tags and assets to assets, keeps the rules, and publishes the targets', async () => {
      const [a1, a2, a3, lone] = await Promise.all([asset(ours), asset(ours), asset(ours), asset(ours, 'lone-asset')]);
      const web = await collection(ours, [a1, a2], 'web-tier');
      const gpu = await tag(ours, 'gpu', [a3, a1]);
      const event = await service.create(ours, {
        name: uniqueName(),
        ...window,
        assignment: { collectionIds: [web], tagIds: [gpu], assetIds: [lone] },
      });
      expect(event.assignment).toEqual({ collectionIds: [web], tagIds: [gpu], assetIds: [lone] });
      expect(event.assetCount).toBe(4);
      const message = await lastChanged(event.id);
      expect(sorted(message.assetIds)).toEqual(sorted([a1, a2, a3, lone]));
      expect(message.targets).toEqual([
        { kind: 'collection', id: web, name: 'web-tier', assetIds: sorted([a1, a2]) },
        { kind: 'tag', id: gpu, name: 'gpu:on', assetIds: sorted([a1, a3]) },
        { kind: 'asset', id: lone, name: 'lone-asset', assetIds: [lone] },
      ]);
      // Unassigning: an empty assignment leaves the event without assets.
      const cleared = await service.update(ours, event.id, {
        assignment: { collectionIds: [], tagIds: [], assetIds: [] },
      });
      expect(cleared.assetCount).toBe(0);
      expect(await lastChanged(event.id)).toMatchObject({ assetIds: [], targets: [] });
    });

    it("refuses another organization's or an unknown collection, tag or asset, and changes nothing", async () => {
      const mine = await asset(ours);
      const event = await service.create(ours, { name: uniqueName(), ...window, assignment: emptyWith([mine]) });
      const before = (await changedMessages(event.id)).length;
      const foreignCollection = await collection(theirs, [await asset(theirs)]);
      const foreignTag = await tag(theirs, 'theirs', []);
      const foreignAsset = await asset(theirs);
      for (const assignment of [
        { collectionIds: [foreignCollection], tagIds: [], assetIds: [] },
        { collectionIds: [], tagIds: [foreignTag], assetIds: [] },
        { collectionIds: [], tagIds: [], assetIds: [mine, foreignAsset] },
        { collectionIds: [randomUUID()], tagIds: [], assetIds: [] },
      ])
        expect(await codeOf(service.update(ours, event.id, { assignment }))).toBe(
          BusinessEventErrorCode.AssignmentInvalid,
        );
      expect(
        await codeOf(service.create(ours, { name: uniqueName(), ...window, assignment: emptyWith([foreignAsset]) })),
      ).toBe(BusinessEventErrorCode.AssignmentInvalid);
      expect((await service.get(ours, event.id)).assignment.assetIds).toEqual([mine]);
      expect((await changedMessages(event.id)).length).toBe(before);
    });

    it('leaves an event its rules would take past the limit as it was', async () => {
      const [a1, a2, a3] = await Promise.all([asset(ours), asset(ours), asset(ours)]);
      const event = await service.create(ours, { name: uniqueName(), ...window, assignment: emptyWith([a1]) });
      await tx((manager) =>
        repository.replaceRules(manager, ours.organizationId, event.id, [
          { kind: 'asset', id: a1 },
          { kind: 'asset', id: a2 },
          { kind: 'asset', id: a3 },
        ]),
      );
      const result = await tx((manager) => repository.resolve(manager, ours.organizationId, [event.id], 2));
      expect(result).toEqual({ changed: [], oversized: [event.id] });
      expect((await service.get(ours, event.id)).assetCount).toBe(1);
    });
  });

  describe('following the rules as members change', () => {
    it('takes in a collection’s new member and publishes the event with it', async () => {
      const [a1, a2] = await Promise.all([asset(ours), asset(ours)]);
      const collectionId = await collection(ours, [a1], 'growing');
      const event = await service.create(ours, {
        name: uniqueName(),
        ...window,
        assignment: { collectionIds: [collectionId], tagIds: [], assetIds: [] },
      });
      const other = await service.create(ours, { name: uniqueName(), ...window, assignment: emptyWith([a1]) });
      const before = (await changedMessages(other.id)).length;

      await applyCollection(ours, { collectionId, name: 'growing', assetIds: [a1, a2], deleted: false });
      const message = await lastChanged(event.id);
      expect(sorted(message.assetIds)).toEqual(sorted([a1, a2]));
      expect(message.targets).toEqual([
        { kind: 'collection', id: collectionId, name: 'growing', assetIds: sorted([a1, a2]) },
      ]);
      expect((await service.get(ours, event.id)).assetCount).toBe(2);
      // An event whose rules do not name the collection is not touched.
      expect((await changedMessages(other.id)).length).toBe(before);

      // A replay (same membership) changes nothing and publishes nothing.
      const count = (await changedMessages(event.id)).length;
      await applyCollection(ours, { collectionId, name: 'growing', assetIds: [a1, a2], deleted: false });
      expect((await changedMessages(event.id)).length).toBe(count);

      // A member leaving leaves the event; a deleted collection resolves to nothing but keeps its rule and name.
      await applyCollection(ours, { collectionId, name: 'growing', assetIds: [a2], deleted: false });
      expect((await lastChanged(event.id)).assetIds).toEqual([a2]);
      await applyCollection(ours, { collectionId, name: 'growing', assetIds: [], deleted: true });
      expect(await lastChanged(event.id)).toMatchObject({
        assetIds: [],
        targets: [{ kind: 'collection', id: collectionId, name: 'growing', assetIds: [] }],
      });
      expect((await service.get(ours, event.id)).assignment.collectionIds).toEqual([collectionId]);
    });

    it('follows tag assignments and unassignments, and keeps an archived asset', async () => {
      const [a1, a2] = await Promise.all([asset(ours), asset(ours)]);
      const tagId = await tag(ours, 'env', [a1]);
      const event = await service.create(ours, {
        name: uniqueName(),
        ...window,
        assignment: { collectionIds: [], tagIds: [tagId], assetIds: [] },
      });
      await applyTags(ours, { assignments: [{ tagId, assetId: a2 }], unassignments: [{ tagId, assetId: a1 }] });
      expect(await lastChanged(event.id)).toMatchObject({
        assetIds: [a2],
        targets: [{ kind: 'tag', id: tagId, name: 'env:on', assetIds: [a2] }],
      });
      await tx((manager) =>
        setAssetStatus(manager, ours.organizationId, { assetId: a2, status: 'archived' }, new Date().toISOString()),
      );
      expect((await service.get(ours, event.id)).assetCount).toBe(1);
    });

    it("never moves another organization's collection or resolves its members", async () => {
      const mine = await asset(ours);
      const collectionId = await collection(ours, [mine], 'ours');
      const event = await service.create(ours, {
        name: uniqueName(),
        ...window,
        assignment: { collectionIds: [collectionId], tagIds: [], assetIds: [] },
      });
      await applyCollection(theirs, { collectionId, name: 'hijacked', assetIds: [randomUUID()], deleted: false });
      await applyCollection(theirs, { collectionId, name: 'hijacked', assetIds: [], deleted: true });
      expect(await lastChanged(event.id)).toMatchObject({
        assetIds: [mine],
        targets: [{ name: 'ours', assetIds: [mine] }],
      });
    });
  });

  describe('events of a target (bands)', () => {
    let org: Tenant;
    let a1: string, a2: string, a3: string;
    let web: string, db: string, gpu: string;
    let early: string, late: string, unassigned: string;
    const query = { startDate: '2026-05-01T00:00:00Z', endDate: '2026-06-01T00:00:00Z' };

    beforeAll(async () => {
      org = adminOfNewOrganization();
      [a1, a2, a3] = await Promise.all([asset(org), asset(org), asset(org)]);
      web = await collection(org, [a1, a2]);
      db = await collection(org, [a3]);
      gpu = await tag(org, 'gpu', [a2]);
      early = (
        await service.create(org, {
          name: 'early',
          startDate: '2026-04-20T00:00:00Z',
          endDate: '2026-05-01T00:00:00Z',
          assignment: { collectionIds: [web], tagIds: [], assetIds: [] },
        })
      ).id;
      late = (
        await service.create(org, {
          name: 'late',
          startDate: '2026-05-31T23:00:00Z',
          endDate: '2026-06-30T00:00:00Z',
          assignment: { collectionIds: [], tagIds: [], assetIds: [a3, a2] },
        })
      ).id;
      unassigned = (await service.create(org, { name: 'unassigned', ...query })).id;
      // Outside the window: ends before it starts, starts at its (exclusive) end.
      await service.create(org, {
        name: 'before',
        startDate: '2026-04-01T00:00:00Z',
        endDate: '2026-04-30T23:59:59Z',
        assignment: emptyWith([a1]),
      });
      await service.create(org, {
        name: 'after',
        startDate: '2026-06-01T00:00:00Z',
        endDate: '2026-06-02T00:00:00Z',
        assignment: emptyWith([a1]),
      });
    });

    const bands = async (target: string, filter: { tagIds?: string[]; collectionIds?: string[] } = {}) =>
      (await service.bands(org, target, { ...query, ...filter })).map((band) => [band.name, band.assetCount]);

    it('finds the events overlapping the window with assets in an asset, a collection or the organization', async () => {
      expect(await bands(a1)).toEqual([['early', 1]]);
      expect(await bands(a2)).toEqual([
        ['early', 1],
        ['late', 1],
      ]);
      expect(await bands(web)).toEqual([
        ['early', 2],
        ['late', 1],
      ]);
      expect(await bands(db)).toEqual([['late', 1]]);
      expect(await bands(org.organizationId)).toEqual([
        ['early', 2],
        ['late', 2],
      ]);
      expect(unassigned).toBeDefined();
      const [band] = await service.bands(org, a1, query);
      expect(band).toEqual({
        id: early,
        name: 'early',
        startDate: '2026-04-20T00:00:00.000Z',
        endDate: '2026-05-01T00:00:00.000Z',
        assetCount: 1,
      });
    });

    it("narrows the organization by a view's filter", async () => {
      expect(await bands(org.organizationId, { tagIds: [gpu] })).toEqual([
        ['early', 1],
        ['late', 1],
      ]);
      expect(await bands(org.organizationId, { collectionIds: [db] })).toEqual([['late', 1]]);
      expect(await bands(org.organizationId, { tagIds: [gpu], collectionIds: [db] })).toEqual([]);
      expect(await bands(org.organizationId, { collectionIds: [web, db] })).toEqual([
        ['early', 2],
        ['late', 2],
      ]);
      expect(late).toBeDefined();
    });

    it("answers 404 for another organization's or an unknown target, and 400 for a bad window", async () => {
      const foreign = await asset(theirs);
      for (const target of [foreign, ours.organizationId, randomUUID(), 'not-an-id'])
        expect(await codeOf(service.bands(org, target, query))).toBe(BusinessEventErrorCode.TargetNotFound);
      expect(await codeOf(service.bands(theirs, a1, query))).toBe(BusinessEventErrorCode.TargetNotFound);
      for (const window of [
        {},
        { startDate: query.startDate },
        { startDate: 'yesterday', endDate: query.endDate },
        { startDate: query.endDate, endDate: query.startDate },
        { startDate: '2025-01-01T00:00:00Z', endDate: '2026-06-01T00:00:00Z' },
      ])
        expect(await codeOf(service.bands(org, a1, window))).toBe(BusinessEventErrorCode.WindowInvalid);
    });
  });

  describe('expected impact', () => {
    it("stores the impacts of the event's assets and publishes them; refuses anything else", async () => {
      const [a1, a2, outside] = await Promise.all([asset(ours), asset(ours), asset(ours)]);
      const event = await service.create(ours, { name: uniqueName(), ...window, assignment: emptyWith([a1, a2]) });
      const upsert = (impacts: { assetId: string; impactPercent: number }[]) =>
        service.upsertImpacts(ours, { businessEventId: event.id, impacts });

      for (const impacts of [
        [{ assetId: outside, impactPercent: 10 }],
        [{ assetId: randomUUID(), impactPercent: 10 }],
        [{ assetId: a1, impactPercent: -100.5 }],
        [{ assetId: a1, impactPercent: 10_000.1 }],
        [
          { assetId: a1, impactPercent: 5 },
          { assetId: a1, impactPercent: 6 },
        ],
      ])
        expect(await codeOf(upsert(impacts))).toBe(BusinessEventErrorCode.ImpactInvalid);

      expect(await upsert([{ assetId: a1, impactPercent: -100 }])).toEqual({
        businessEventId: event.id,
        impacts: [{ assetId: a1, impactPercent: -100 }],
      });
      // Replaces: a1's impact goes, a2's comes.
      const stored = await upsert([{ assetId: a2, impactPercent: 12.5 }]);
      expect(stored.impacts).toEqual([{ assetId: a2, impactPercent: 12.5 }]);
      const [published] = await dataSource.query<{ payload: ImpactUpsertedPayload; organization: string }[]>(
        `SELECT envelope -> 'payload' AS payload, envelope ->> 'organizationId' AS organization FROM outbox
          WHERE topic = 'events.business-event.impact-upserted.v1' ORDER BY id DESC LIMIT 1`,
      );
      expect(published).toEqual({
        payload: { businessEventId: event.id, impacts: [{ assetId: a2, impactPercent: 12.5 }] },
        organization: ours.organizationId,
      });
    });
  });
});

const emptyWith = (assetIds: string[]) => ({ collectionIds: [], tagIds: [], assetIds });
