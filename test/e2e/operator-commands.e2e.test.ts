// The runbook's operator commands against the running product, as an SRE runs them (deploy/scripts/service-command.mjs
// with the product's environment): `npm run republish` gives back to copies of inventory the rows they lost, and
// `npm run import:rerun` runs a failed tag import again once its cause is fixed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ImportValidationDto, TagImportDto } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import {
  callAs,
  importEnded,
  organizationSession,
  uploadTagFile,
  type OrganizationSession,
} from './support/api-client';
import { queryServiceDatabase } from './support/service-databases';

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '../..');
const run = randomUUID().slice(0, 8);
let admin: OrganizationSession;

/** `npm run <script> -- …` of the runbook, pointed at the product under test; its exit code and output. */
function operatorCommand(service: string, command: string, args: string[]) {
  const product = [
    '--offset',
    process.env.E2E_PORT_OFFSET ?? '0',
    '--prefix',
    process.env.E2E_DATABASE_PREFIX ?? 'infra_test_',
    '--kafka-port',
    (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',')[0]!.split(':').at(-1)!,
  ];
  const result = spawnSync('node', ['deploy/scripts/service-command.mjs', service, command, ...product, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  admin = await organizationSession('admin');
});

/** The services that keep a copy of inventory's assets. */
const COPIES = ['tagging', 'events', 'analytics'];

/** How many of these assets each copy holds, by service, with the names inventory gave them. */
async function copiesOf(ids: string[], names: string[]) {
  const held: Record<string, number> = {};
  for (const service of COPIES) {
    const [row] = await queryServiceDatabase<{ count: number }>(
      service,
      'SELECT count(*)::int AS count FROM assets WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND name = ANY($3)',
      [admin.organizationId, ids, names],
    );
    held[service] = row!.count;
  }
  return held;
}
it('republish: copies of inventory that lost rows hold them again', async () => {
  const externalIds = [`republish-${run}-a`, `republish-${run}-b`];
  const upserted = await callAs(admin)<{ results: { id: string }[] }>('PUT', 'assets', {
    assets: externalIds.map((externalId) => ({ externalId, name: externalId, site: 'us-east-1a' })),
  });
  expect(upserted.status).toBe(200);
  const ids = upserted.body.results.map((result) => result.id);
  const everyCopyHoldsThem = Object.fromEntries(COPIES.map((service) => [service, ids.length]));
  await pollUntil('every copy holds the new assets', async () =>
    JSON.stringify(await copiesOf(ids, externalIds)) === JSON.stringify(everyCopyHoldsThem) ? true : undefined,
  );
  // Rows lost from two copies (a restore, a bug).
  for (const service of ['analytics', 'tagging'])
    await queryServiceDatabase(service, 'DELETE FROM assets WHERE organization_id = $1 AND id = ANY($2::uuid[])', [
      admin.organizationId,
      ids,
    ]);
  expect(await copiesOf(ids, externalIds)).toEqual({ tagging: 0, events: ids.length, analytics: 0 });

  const republished = operatorCommand('inventory', 'republish', ['--organization', admin.organizationId]);
  expect(republished).toMatchObject({ status: 0, output: expect.stringMatching(/\d+ assets and \d+ collections/) });
  await pollUntil(
    'the copies hold the assets again',
    async () =>
      JSON.stringify(await copiesOf(ids, externalIds)) === JSON.stringify(everyCopyHoldsThem) ? true : undefined,
    { timeoutMs: 120_000, intervalMs: 500 },
  );
});

it('import:rerun: a failed import runs again once the assets it names exist, and completes', async () => {
  const externalId = `rerun-${run}`;
  const fileName = `rerun-${run}.csv`;
  expect(await uploadTagFile(admin, fileName, `key,value,description,assets\nrerun-${run},yes,,${externalId}\n`)).toBe(
    200,
  );
  // Imported before the asset exists: the import fails on it.
  const submitted = await callAs(admin)<TagImportDto>('POST', `tags/import?fileName=${fileName}`);
  expect([200, 202]).toContain(submitted.status);
  expect(await importEnded(admin, submitted.body.id)).toMatchObject({ status: 'failed', recordsImported: 0 });

  expect(
    (await callAs(admin)('PUT', 'assets', { assets: [{ externalId, name: externalId, site: 'us-east-1a' }] })).status,
  ).toBe(200);
  await pollUntil('tagging knows the asset', async () => {
    const answer = await callAs(admin)<ImportValidationDto>('GET', `tags/validate/import?fileName=${fileName}`);
    return answer.body.valid;
  });
  const rerun = operatorCommand('tagging', 'rerun-import', ['--import', submitted.body.id]);
  expect(rerun).toMatchObject({ status: 0, output: expect.stringContaining(submitted.body.id) });
  expect(await importEnded(admin, submitted.body.id)).toMatchObject({ status: 'completed', recordsImported: 1 });
  // A completed import is left alone, and the command says so.
  expect(operatorCommand('tagging', 'rerun-import', ['--import', submitted.body.id])).toMatchObject({
    status: 1,
    output: expect.stringContaining('no failed import of that id'),
  });
});
