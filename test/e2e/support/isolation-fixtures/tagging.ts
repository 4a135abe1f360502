// Tagging's entities as one tenant sees them: two assets (inventory's, copied into tagging's read model by its
// events), a tag assigned to one of them, and a tag whose description the requests change.
import { pollUntil } from '@infra/platform/testing';
import { BASE_URL, call } from '../api-client';
import { ok, unique } from './fixture-helpers';
import type { Entities, RouteFixture, ServiceFixtures, Tenant } from './types';

async function setup(owner: Tenant): Promise<Entities> {
  const tag = unique();
  const send = (method: string, path: string, body?: unknown) =>
    call(method, path, { token: owner.token, organizationId: owner.organizationId, body });
  const names = [`iso-tagged-${tag}`, `iso-untagged-${tag}`];
  const upserted = await ok<{ results: { id: string }[] }>(
    'upserting assets',
    send('PUT', 'assets', {
      assets: names.map((name) => ({ externalId: `i-${name}`, name, instance_type: 'c5.xlarge', site: 'eu-west-1b' })),
    }),
  );
  const [asset, otherAsset] = upserted.results.map((result) => result.id);
  const keys = [`iso-key-${tag}`, `iso-edited-${tag}`];
  const created = await ok<{ tags: { id: string }[] }>(
    'creating tags',
    send('POST', 'tags/batch', { tags: keys.map((key) => ({ key, value: 'isolation', description: 'iso' })) }),
  );
  const [tagId, editedTagId] = created.tags.map((created) => created.id);
  // The assets reach tagging through inventory's events: assigning succeeds once they have.
  await pollUntil('tagging knows the assets', async () => {
    const { status } = await send('POST', 'tags/batchAssignTags', { tagIds: [tagId], assetIds: [asset, otherAsset] });
    return status === 200;
  });
  const ruleNames = [`iso-rule-${tag}`, `iso-doomed-rule-${tag}`];
  const createRule = async (name: string) =>
    (await ok<{ id: string }>('creating a rule', send('POST', 'rules', ruleBody(name, tagId)))).id;
  const rule = await createRule(ruleNames[0]);
  const doomedRule = await createRule(ruleNames[1]);
  // An uploaded import file and its import (the owner's re-submission answers the same import).
  const importFile = `iso-import-${tag}.csv`;
  const upload = await ok<{ url: string; headers: Record<string, string> }>(
    'asking for an upload address',
    send('GET', `s3/tag-upload/${importFile}`),
  );
  const put = await fetch(`${BASE_URL}${upload.url}`, {
    method: 'PUT',
    headers: upload.headers,
    body: `key,value,description\niso-imported-${tag},v,\n`,
  });
  if (put.status !== 200) throw new Error(`isolation fixture: uploading the import file failed: ${put.status}`);
  const tagImport = (await ok<{ id: string }>('importing', send('POST', `tags/import?fileName=${importFile}`))).id;
  return {
    ids: {
      asset,
      otherAsset,
      tag: tagId,
      editedTag: editedTagId,
      rule,
      doomedRule,
      ruleName: ruleNames[0],
      importFile,
      tagImport,
    },
    tokens: {},
    secrets: [...keys, tagId, editedTagId, asset, otherAsset, ...ruleNames, rule, doomedRule, importFile, tagImport],
  };
}

/** A rule on the fixture's site assigning `tagId`. */
const ruleBody = (name: string, tagId: string) => ({ name, tagId, conditions: { sites: ['eu-west-1b'] } });

const entity = (request: RouteFixture['request']): RouteFixture => ({ kind: 'entity', request, ownerSucceeds: true });
const list = (request: RouteFixture['request']): RouteFixture => ({ kind: 'list', request, ownerSucceeds: true });

export const tagging: ServiceFixtures = {
  setup,
  routes: {
    // The intruder names the owner's asset in the filter: it gets its own (empty) answer.
    'GET tags': list((_, { ids }) => ({
      path: `tags?assetId=${ids.asset}&includeSystemTags=true&includeTagAssets=true`,
    })),
    // Only the organizationId header names the tenant: the intruder's tag lands in its own organization.
    'POST tags/batch': {
      kind: 'scoped',
      request: () => ({ path: 'tags/batch', body: { tags: [{ key: `iso-scoped-${unique()}`, value: 'v' }] } }),
      ownerSucceeds: true,
    },
    'PATCH tags/:id': entity((_, { ids }) => ({ path: `tags/${ids.editedTag}`, body: { description: 'changed' } })),
    'POST tags/batchAssignTags': entity((_, { ids }) => ({
      path: 'tags/batchAssignTags',
      body: { tagIds: [ids.tag], assetIds: [ids.otherAsset] },
    })),
    'POST tags/assignSystemTag': entity((_, { ids }) => ({
      path: 'tags/assignSystemTag',
      body: { assetIds: [ids.asset] },
    })),
    'GET tags/getTagsEvents': list((_, { ids }) => ({ path: `tags/getTagsEvents?id=${ids.tag}&pageSize=50` })),
    'GET rules': list(() => ({ path: 'rules' })),
    // The intruder's preview lists its own assets, never the owner's of the same names.
    'POST rules/preview': list(() => ({ path: 'rules/preview', body: { conditions: { namePattern: 'iso-*' } } })),
    // The body names the owner's tag: the intruder's rule cannot assign it.
    'POST rules': entity((_, { ids }) => ({ path: 'rules', body: ruleBody(`iso-new-rule-${unique()}`, ids.tag) })),
    'PUT rules/:id': entity((_, { ids }) => ({ path: `rules/${ids.rule}`, body: ruleBody(ids.ruleName, ids.tag) })),
    'POST rules/:id/apply': entity((_, { ids }) => ({ path: `rules/${ids.rule}/apply` })),
    'DELETE rules/:id': entity((_, { ids }) => ({ path: `rules/${ids.doomedRule}` })),
    // An upload address is for the caller's own organization: only the header names it.
    'GET s3/tag-upload/:fileName': {
      kind: 'scoped',
      request: () => ({ path: 's3/tag-upload/iso-scoped.csv' }),
      ownerSucceeds: true,
    },
    // Files live in the organization's namespace: the intruder's name finds nothing.
    'GET s3/tag-download/:fileName': entity((_, { ids }) => ({ path: `s3/tag-download/${ids.importFile}` })),
    'GET tags/validate/import': entity((_, { ids }) => ({ path: `tags/validate/import?fileName=${ids.importFile}` })),
    'POST tags/import': entity((_, { ids }) => ({ path: `tags/import?fileName=${ids.importFile}` })),
    'GET tags/import': list(() => ({ path: 'tags/import' })),
    'GET tags/import/:id': entity((_, { ids }) => ({ path: `tags/import/${ids.tagImport}` })),
  },
};
