// CSV tag import through the gateway, in one run (needs the product running: `npm start`; then
// `npm run bench:tag-import`). In a fresh account and organization (the demo data is left alone) it:
//   1. creates ASSETS (1000) assets and waits until tagging's read model has them all;
//   2. builds a ROWS-row (5000) import file, each tag on two of the assets;
//   3. times the upload (GET s3/tag-upload address + PUT), GET tags/validate/import, and the import (POST
//      tags/import, then GET tags/import/{id} until completed);
//   4. times completion → the tags listed by GET tags and their assignments filterable in GET assets?tagIds=;
//   5. loads the same file with a bare PostgreSQL COPY into a temporary table, for the import/COPY ratio.
// Targets: validate < 1 s; import < 3 s (aim 1 s); visible within 1 s.
// BASE_URL (http://localhost:8080), ASSETS, ROWS, DATABASE_HOST/PORT/USER/PASSWORD (127.0.0.1:5432 postgres),
// BENCH_DATABASE (infra_tagging: the COPY's temporary table lives and dies in this session).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { UpsertAssetsResponse, ImportValidationDto, TagDto, TagImportDto } from '@infra/contracts';
import { api, freshOrganization, pollUntil, timed, uploadTagFile } from './bench-client';

const ASSETS = Number(process.env.ASSETS ?? 1000);
const ROWS = Number(process.env.ROWS ?? 5000);
/** Tags per `GET assets?tagIds=` check (the filter takes up to 100 ids). */
const SAMPLE_TAGS = 100;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ms: number, targetMs: number) => (ms < targetMs ? 'met' : 'MISSED');

async function main(): Promise<void> {
  const { run } = await freshOrganization();

  // 1. Assets, all on one site: its system tag counts the assets tagging's read model has.
  const site = `bench-${run}`;
  const externalIds = Array.from({ length: ASSETS }, (_, n) => `i-tag-bench-${run}-${n}`);
  const assetIdOf = new Map<string, string>();
  for (let start = 0; start < ASSETS; start += 1000) {
    const assets = externalIds.slice(start, start + 1000).map((externalId) => ({ externalId, name: externalId, site }));
    const { results } = await api<UpsertAssetsResponse>('PUT', 'assets', { assets });
    for (const result of results) assetIdOf.set(result.externalId, result.id);
  }
  await pollUntil('the assets in tagging', async () => {
    const tags = await api<TagDto[]>('GET', `tags?includeSystemTags=true&search=${site}`);
    return tags.some((tag) => tag.system && tag.assetCount === ASSETS) || undefined;
  });

  // 2. The file: tag i on assets i and 7i+1 (never the same one: 6i+1 is odd, so never a multiple of 1000).
  const assetsOfRow = (i: number) => [externalIds[i % ASSETS]!, externalIds[(7 * i + 1) % ASSETS]!];
  const lines = ['key,value,description,assets'];
  for (let i = 0; i < ROWS; i += 1) lines.push(`bench,v${i},row_${i},${assetsOfRow(i).join('|')}`);
  const csv = `${lines.join('\r\n')}\r\n`;
  const fileName = `bench-${run}.csv`;

  // 3. Upload, validate, import.
  const [, uploadMs] = await timed(() => uploadTagFile(fileName, csv));
  const [validation, validateMs] = await timed(() =>
    api<ImportValidationDto>('GET', `tags/validate/import?fileName=${fileName}`),
  );
  if (!validation.valid)
    throw new Error(`the file does not validate: ${JSON.stringify(validation.issues.slice(0, 3))}`);
  const [completed, importMs] = await timed(async () => {
    const submitted = await api<TagImportDto>('POST', `tags/import?fileName=${fileName}`);
    return pollUntil('the import', async () => {
      const current = await api<TagImportDto>('GET', `tags/import/${submitted.id}`);
      if (current.status === 'failed') throw new Error(`the import failed: ${current.message}`);
      return current.status === 'completed' ? current : undefined;
    });
  });
  const completedAt = performance.now();

  // 4. Visible: every tag in GET tags, and a sample's assignments filterable in GET assets.
  const tags = await pollUntil('the tags in GET tags', async () => {
    const listed = (await api<TagDto[]>('GET', 'tags')).filter((tag) => tag.key === 'bench');
    return listed.length === ROWS ? listed : undefined;
  });
  const tagsVisibleMs = performance.now() - completedAt;
  const sample = tags.filter((_, i) => i % Math.ceil(ROWS / SAMPLE_TAGS) === 0).slice(0, SAMPLE_TAGS);
  const expected = new Set(
    sample.flatMap((tag) => assetsOfRow(Number(tag.value.slice(1))).map((id) => assetIdOf.get(id)!)),
  );
  await pollUntil('the assignments in GET assets?tagIds=', async () => {
    const page = await api<{ total: number }>(
      'GET',
      `assets?pageSize=1&tagIds=${sample.map((tag) => tag.id).join(',')}`,
    );
    return page.total === expected.size || undefined;
  });
  const visibleMs = performance.now() - completedAt;

  // 5. The same bytes by COPY, in one session's temporary table.
  const database = new Client({
    host: process.env.DATABASE_HOST ?? '127.0.0.1',
    port: Number(process.env.DATABASE_PORT ?? 5432),
    user: process.env.DATABASE_USER ?? 'postgres',
    password: process.env.DATABASE_PASSWORD ?? '',
    database: process.env.BENCH_DATABASE ?? 'infra_tagging',
  });
  await database.connect();
  await database.query(`CREATE TEMP TABLE bench_tag_import (key text, value text, description text, assets text)`);
  const [copied, copyMs] = await timed(async () => {
    const copy = database.query(copyFrom(`COPY bench_tag_import FROM STDIN WITH (FORMAT csv, HEADER true)`));
    await pipeline(Readable.from([csv]), copy);
    return copy.rowCount;
  });
  await database.end();
  if (copied !== ROWS) throw new Error(`COPY loaded ${copied} rows`);

  const report = [
    `${ROWS} rows (${(csv.length / 1024).toFixed(0)} KiB), ${completed.assignments} assignments onto ${ASSETS} assets`,
    `upload (address + PUT)          ${seconds(uploadMs)}`,
    `validate                        ${seconds(validateMs)}   target < 1 s: ${verdict(validateMs, 1000)}`,
    `import (POST → completed)       ${seconds(importMs)}   target < 3 s (aim 1 s): ${verdict(importMs, 3000)}`,
    `completed → tags in GET tags    ${seconds(tagsVisibleMs)}`,
    `completed → GET assets?tagIds=  ${seconds(visibleMs)}   target < 1 s: ${verdict(visibleMs, 1000)}`,
    `PostgreSQL COPY of the file     ${seconds(copyMs)}`,
    `import / COPY                   ${(importMs / copyMs).toFixed(0)}x`,
  ];
  process.stdout.write(`${report.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
