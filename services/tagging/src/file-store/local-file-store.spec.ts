import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TAGGING_LIMITS } from '@infra/contracts';
import { isValidFileName } from './file-store';
import { LocalFileStore } from './local-file-store';
import { SignedAddresses, type SignedQuery } from './signed-addresses';

const organizationId = '3f0c2a4e-8a65-4d53-9a53-0b0f2d7b6a11';
const other = '9a1d7c55-2b7f-4d3e-8c0f-5e0a3c9d1b22';
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams) as unknown as SignedQuery;

describe('LocalFileStore and its signed addresses', () => {
  let directory: string;
  let now = Date.parse('2026-01-01T00:00:00Z');
  const addresses = (key = 'k'.repeat(32)) => new SignedAddresses(key, () => now);
  const store = () => new LocalFileStore(directory, addresses());

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'tag-files-'));
    now = Date.parse('2026-01-01T00:00:00Z');
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('signs a PUT address on this origin that verifies for its organization and file only', async () => {
    const address = await store().uploadAddress(organizationId, 'tags.csv');
    expect(address.url).toMatch(/^\/api\/v1\/files\/tag-upload\?/);
    expect(address.headers).toEqual({
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="tags.csv"',
    });
    const query = queryOf(address.url);
    expect(addresses().verify('PUT', query)).toEqual({ organizationId, fileName: 'tags.csv' });
    expect(addresses().verify('GET', query)).toBeUndefined();
    expect(addresses().verify('PUT', { ...query, o: other })).toBeUndefined();
    expect(addresses().verify('PUT', { ...query, f: 'other.csv' })).toBeUndefined();
    expect(addresses().verify('PUT', { ...query, e: String(Number(query.e) + 60) })).toBeUndefined();
    expect(addresses().verify('PUT', { ...query, s: 'ab' })).toBeUndefined();
    expect(addresses('x'.repeat(32)).verify('PUT', query)).toBeUndefined();
  });

  it('signs a GET address to download through this service', () => {
    const address = addresses().address('GET', organizationId, 'tags.csv');
    expect(address.url).toMatch(/^\/api\/v1\/files\/tag-download\?/);
    expect(address.headers).toEqual({});
    expect(addresses().verify('GET', queryOf(address.url))).toEqual({ organizationId, fileName: 'tags.csv' });
    expect(addresses().verify('PUT', queryOf(address.url))).toBeUndefined();
  });

  it('refuses an expired address', async () => {
    const query = queryOf((await store().uploadAddress(organizationId, 'tags.csv')).url);
    now += (TAGGING_LIMITS.fileAddressTtlSeconds + 1) * 1000;
    expect(addresses().verify('PUT', query)).toBeUndefined();
  });

  it('keeps files per organization and replaces a file whole, leaving no temporary file', async () => {
    await store().write(organizationId, 'tags.csv', Buffer.from('one'));
    await store().write(organizationId, 'tags.csv', Buffer.from('two'));
    expect((await store().read(organizationId, 'tags.csv'))?.toString()).toBe('two');
    expect(await store().read(other, 'tags.csv')).toBeUndefined();
    expect(await readdir(path.join(directory, organizationId))).toEqual(['tags.csv']);
    await store().removeOrganization(organizationId);
    expect(await store().read(organizationId, 'tags.csv')).toBeUndefined();
    await store().removeOrganization(organizationId); // nothing left: no error
  });
});

describe('isValidFileName', () => {
  it.each(['tags.csv', 'My Tags (2).CSV', 'é.csv'])('accepts %s', (name) => expect(isValidFileName(name)).toBe(true));
  it.each([
    'tags.txt',
    '.csv',
    'a/b.csv',
    'a\\b.csv',
    'a\u0000.csv',
    'a\n.csv',
    `${'a'.repeat(197)}.csv`,
    'invoice\u202evsc.csv',
    'tags\u2066.csv',
  ])('refuses %j', (name) => expect(isValidFileName(name)).toBe(false));
});
