// Business rules through the real gateway: an Admin previews and saves a rule on a site, an asset upserted in
// inventory afterwards gets the rule's tag (inventory.asset.upserted.v1 → tagging), applying on demand tags the
// assets that matched before, every change is in the audit log, a User only reads, another tenant sees nothing.
import { randomUUID } from 'node:crypto';
import type { ApplyRuleResponse, AuditLogEntryDto, Page, RuleDto, RulePreviewDto, TagDto } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { call, DemoUser, profileOf, tokenFor } from './support/api-client';

jest.setTimeout(120_000);

const run = randomUUID().slice(0, 8);
const site = `rules-site-${run}`;

async function as(user: DemoUser, slug = 'demo') {
  const { accessToken } = await tokenFor(user);
  const account = (await profileOf(accessToken)).accounts.find((a) => a.slug === slug)!;
  return <T = unknown>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { token: accessToken, organizationId: account.organization[0].id, body });
}

describe('business rules', () => {
  let admin: Awaited<ReturnType<typeof as>>;
  let user: Awaited<ReturnType<typeof as>>;
  let acme: Awaited<ReturnType<typeof as>>;
  let tagId: string;

  beforeAll(async () => {
    admin = await as('admin');
    user = await as('user');
    acme = await as('acme', 'acme');
    const created = await admin<{ tags: TagDto[] }>('POST', 'tags/batch', {
      tags: [{ key: `rule-${run}`, value: 'web' }],
    });
    expect(created.status).toBe(201);
    tagId = created.body.tags[0]!.id;
  });

  const upsert = async (name: string, assetSite: string) => {
    const response = await admin<{ results: { id: string }[] }>('PUT', 'assets', {
      assets: [{ externalId: `i-${run}-${name}`, name: `${run}-${name}`, site: assetSite, instance_type: 'm5.large' }],
    });
    expect(response.status).toBe(200);
    return response.body.results[0]!.id;
  };
  const tagsOf = async (assetId: string) =>
    (await admin<TagDto[]>('GET', `tags?assetId=${assetId}`)).body.map((tag) => tag.id);

  it('previews, saves, tags upserted assets, applies on demand, logs every change', async () => {
    const conditions = { sites: [site.toUpperCase()] };
    const before = await upsert('before', site);
    await upsert('elsewhere', `${site}-not`);
    // Preview reads tagging's copy of inventory: it lists the asset once its event has arrived.
    const preview = await pollUntil('the preview lists the asset', async () => {
      const response = await admin<RulePreviewDto>('POST', 'rules/preview', { conditions });
      return response.status === 200 && response.body.total === 1 && response.body;
    });
    expect(preview.assets).toEqual([{ id: before, name: `${run}-before`, externalId: `i-${run}-before` }]);

    const saved = await admin<RuleDto>('POST', 'rules', { name: `web ${run}`, tagId, conditions });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: `web ${run}`, tagId, conditions, enabled: true });
    const rule = saved.body;
    expect((await admin<RuleDto[]>('GET', 'rules')).body.map((r) => r.id)).toContain(rule.id);
    expect((await admin('POST', 'rules', { name: `WEB ${run}`, tagId, conditions })).status).toBe(409);

    // Upserted after the rule was saved: the rule assigns its tag when tagging stores the asset.
    const after = await upsert('after', site);
    await pollUntil('the rule tags the upserted asset', async () => (await tagsOf(after)).includes(tagId));
    // Rules apply on upsert, not retroactively: the asset stored before is tagged on demand.
    expect(await tagsOf(before)).not.toContain(tagId);
    const applied = await admin<ApplyRuleResponse>('POST', `rules/${rule.id}/apply`);
    expect([applied.status, applied.body]).toEqual([200, { matched: 2, newlyAssigned: 1 }]);
    expect(await tagsOf(before)).toContain(tagId);
    expect((await admin<ApplyRuleResponse>('POST', `rules/${rule.id}/apply`)).body).toEqual({
      matched: 2,
      newlyAssigned: 0,
    });

    const renamed = await admin<RuleDto>('PUT', `rules/${rule.id}`, {
      name: `web servers ${run}`,
      tagId,
      conditions,
      enabled: false,
    });
    expect([renamed.status, renamed.body.name, renamed.body.enabled]).toEqual([200, `web servers ${run}`, false]);
    expect((await admin('DELETE', `rules/${rule.id}`)).status).toBe(204);
    expect((await admin<RuleDto[]>('GET', 'rules')).body.map((r) => r.id)).not.toContain(rule.id);
    // Deleting a rule leaves the tags it assigned.
    expect(await tagsOf(after)).toContain(tagId);

    const events = await admin<Page<AuditLogEntryDto>>('GET', `tags/getTagsEvents?id=${tagId}&pageSize=50`);
    expect(events.body.items.map((entry) => entry.activity)).toEqual(
      expect.arrayContaining(['rule.created', 'rule.updated', 'rule.deleted', 'rule.applied']),
    );
    expect(events.body.items.map((entry) => entry.detail)).toContain(
      `Rule web ${run} applied: rule-${run}:web assigned to 1 asset (2 assets matched)`,
    );
  });

  it('refuses a rule without conditions, saying it would tag everything', async () => {
    const response = await admin<{ message: string[] }>('POST', 'rules', { name: `all ${run}`, tagId, conditions: {} });
    expect(response.status).toBe(400);
    expect(response.text).toContain('would tag every asset');
  });

  it('lets a User read and preview, not change or apply', async () => {
    const rule = (await admin<RuleDto>('POST', 'rules', { name: `user ${run}`, tagId, conditions: { sites: [site] } }))
      .body;
    expect((await user<RuleDto[]>('GET', 'rules')).body.map((r) => r.id)).toContain(rule.id);
    expect((await user('POST', 'rules/preview', { conditions: { sites: [site] } })).status).toBe(200);
    const body = { name: `mine ${run}`, tagId, conditions: { sites: [site] } };
    expect((await user('POST', 'rules', body)).status).toBe(403);
    expect((await user('PUT', `rules/${rule.id}`, body)).status).toBe(403);
    expect((await user('POST', `rules/${rule.id}/apply`)).status).toBe(403);
    expect((await user('DELETE', `rules/${rule.id}`)).status).toBe(403);

    // Another tenant neither lists nor reaches the rule.
    expect((await acme<RuleDto[]>('GET', 'rules')).body.map((r) => r.id)).not.toContain(rule.id);
    expect((await acme('POST', `rules/${rule.id}/apply`)).status).toBe(404);
    expect((await admin('DELETE', `rules/${rule.id}`)).status).toBe(204);
  });
});
