// Attacks on tagging (issue 8), replayed against the running product: file names that try to leave the
// organization's folder, forged local-store addresses, oversized and malformed input, and spreadsheet formulas.
import { randomUUID } from 'node:crypto';
import type { CreateTagsResponse, FileAddressDto } from '@infra/contracts';
import { BASE_URL, callAs, organizationSession } from '../e2e/support/api-client';

let admin: ReturnType<typeof callAs>;
const run = randomUUID().slice(0, 8);

beforeAll(async () => {
  admin = callAs(await organizationSession('admin'));
});

describe('file names that try to leave the organization’s folder', () => {
  it.each([
    '..%2F..%2Fetc%2Fpasswd.csv',
    '..%5C..%5Csecrets.csv',
    '%2Fetc%2Fcron.csv',
    'a%00b.csv',
    'line%0Abreak.csv',
    `${'a'.repeat(300)}.csv`,
  ])('%s is refused for an upload address and for validation (400)', async (name) => {
    expect((await admin('GET', `s3/tag-upload/${name}`)).status).toBe(400);
    expect((await admin('GET', `tags/validate/import?fileName=${name}`)).status).toBe(400);
    expect((await admin('GET', `s3/tag-download/${name}`)).status).toBe(400);
  });
});

describe('forged local-store addresses', () => {
  it('a made-up signature, organization or path is refused, and never reaches a file', async () => {
    const forged = [
      `files/tag-upload?o=..%2F..&f=x.csv&e=9999999999&s=${'0'.repeat(64)}`,
      `files/tag-upload?o=${randomUUID()}&f=..%2Fx.csv&e=9999999999&s=${'0'.repeat(64)}`,
      'files/tag-upload',
    ];
    for (const path of forged) {
      const response = await fetch(`${BASE_URL}/api/v1/${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'text/csv' },
        body: 'key,value,description\n',
      });
      expect([400, 403]).toContain(response.status);
    }
    const download = await fetch(
      `${BASE_URL}/api/v1/files/tag-download?o=..&f=..%2F..%2F.local%2Fsecrets.env&e=9999999999&s=00`,
    );
    expect([400, 403]).toContain(download.status);
    expect(await download.text()).not.toContain('JWT_SECRET');
  });

  it('an upload address uploads once: the file cannot be replaced through it afterwards', async () => {
    const address = await admin<FileAddressDto>('GET', `s3/tag-upload/once-${run}.csv`);
    const url = new URL(address.body.url, BASE_URL);
    const put = (content: string) => fetch(url, { method: 'PUT', headers: address.body.headers, body: content });
    expect((await put('key,value,description,assets\nenv,prod,,\n')).status).toBe(200);
    const again = await put('key,value,description,assets\nenv,=HYPERLINK("http://evil"),,\n');
    expect(again.status).toBe(403);
    expect(((await again.json()) as { code: string }).code).toBe('TAG_UPLOAD_ADDRESS_INVALID');
  });

  it('never gives an upload address for the template', async () => {
    expect((await admin('GET', 's3/tag-upload/tag-import-template.csv')).status).toBe(400);
  });

  it('an upload address is for PUT only: the same signature does not download', async () => {
    const address = await admin<FileAddressDto>('GET', `s3/tag-upload/sec-${run}.csv`);
    const url = new URL(address.body.url, BASE_URL);
    url.pathname = url.pathname.replace('tag-upload', 'tag-download');
    expect((await fetch(url)).status).toBe(403);
  });
});

describe('oversized and malformed input', () => {
  it('a batch over 5000 tags, a body over 1 MB and a non-JSON body are refused whole', async () => {
    const tags = Array.from({ length: 5001 }, (_, i) => ({ key: `sec-${run}`, value: `v${i}` }));
    expect((await admin('POST', 'tags/batch', { tags })).status).toBe(400);
    const huge = [{ key: `sec-${run}-huge`, value: 'v', description: 'd'.repeat(2 * 1024 * 1024) }];
    expect((await admin('POST', 'tags/batch', { tags: huge })).status).toBe(413);
    const text = await fetch(`${BASE_URL}/api/v1/tags/batch`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'key=x',
    });
    expect(text.status).toBe(415);
    expect((await admin('GET', `tags?search=sec-${run}`)).body).toEqual([]);
  });

  it('ids and lists in the query that are not ids are a 400, never a 500', async () => {
    for (const path of [
      'tags?tagIds=1%27%20OR%201=1',
      'tags?collectionIds=x',
      'tags?assetId=..',
      'tags?status=Everything',
      'tags/getTagsEvents?id=nope',
      'tags/getTagsEvents?pageSize=100000',
      'tags/import/not-a-uuid',
    ])
      expect((await admin('GET', path)).status).toBe(400);
  });
});

describe('spreadsheet formulas', () => {
  it('the template the product writes holds no cell a spreadsheet would run', async () => {
    const address = await admin<FileAddressDto>('GET', 's3/tag-download/tag-import-template.csv');
    const text = await (await fetch(new URL(address.body.url, BASE_URL))).text();
    const cells = text.split(/\r?\n/).flatMap((line) => line.split(','));
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell.replace(/^"/, '')))).toEqual([]);
  });

  it('a past import comes back with its formulas made text (every cell that starts with =, +, -, @, tab or CR)', async () => {
    const name = `formulas-${run}.csv`;
    const address = await admin<FileAddressDto>('GET', `s3/tag-upload/${name}`);
    const uploaded = 'key,value,description\nenv,"=cmd|\' /C calc\'!A0",=HYPERLINK("http://evil")\nteam,"\t=1",-2+3\n';
    const put = await fetch(new URL(address.body.url, BASE_URL), {
      method: 'PUT',
      headers: address.body.headers,
      body: uploaded,
    });
    expect(put.status).toBe(200);
    const download = await admin<FileAddressDto>('GET', `s3/tag-download/${name}`);
    const served = await fetch(new URL(download.body.url, BASE_URL));
    expect(served.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await served.text()).toBe(
      'key,value,description\r\n' +
        `env,'=cmd|' /C calc'!A0,"'=HYPERLINK(""http://evil"")"\r\n` +
        `team,'\t=1,'-2+3\r\n`,
    );
  });

  it('a tag cannot carry a formula: its rules refuse =, +, @ at the start', async () => {
    const created = await admin<CreateTagsResponse>('POST', 'tags/batch', {
      tags: [
        { key: '=HYPERLINK("x")', value: 'v' },
        { key: `sec-${run}`, value: '@SUM(A1)' },
      ],
    });
    expect(created.status).toBe(400);
  });
});
