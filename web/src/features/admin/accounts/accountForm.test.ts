import { slugFromName, toCreateAccountRequest, validateNewAccount } from './accountForm';

const valid = { name: 'Acme Europe', slug: 'acme-europe', timeZone: 'Europe/Paris' };

describe('new account form', () => {
  it('accepts a name, a slug and a time zone', () => {
    expect(validateNewAccount(valid)).toEqual({});
    expect(validateNewAccount({ ...valid, slug: 'a' })).toEqual({});
    expect(validateNewAccount({ ...valid, slug: `a${'-'.repeat(62)}z` })).toEqual({});
  });

  it('requires each field', () => {
    expect(validateNewAccount({ name: ' ', slug: '', timeZone: '' })).toEqual({
      name: 'required',
      slug: 'required',
      timeZone: 'required',
    });
  });

  it("refuses a name over 120 characters and slugs identity's pattern refuses", () => {
    expect(validateNewAccount({ ...valid, name: 'x'.repeat(121) })).toEqual({ name: 'tooLong' });
    expect(validateNewAccount({ ...valid, name: 'x'.repeat(120) })).toEqual({});
    for (const slug of ['Acme', 'acme_eu', '-acme', 'acme-', 'acme eu', 'é', 'a'.repeat(65)]) {
      expect([slug, validateNewAccount({ ...valid, slug })]).toEqual([slug, { slug: 'invalid' }]);
    }
  });

  it('suggests a slug from the name', () => {
    expect(slugFromName('Acme Corp. (EU)')).toBe('acme-corp-eu');
    expect(slugFromName('  Société Générale  ')).toBe('societe-generale');
    expect(slugFromName('***')).toBe('');
    expect(slugFromName('x'.repeat(70))).toHaveLength(64);
    expect(slugFromName(`${'x'.repeat(63)} y`)).toBe('x'.repeat(63));
    for (const name of ['Acme Corp. (EU)', 'Société Générale', `${'x'.repeat(63)} y`]) {
      expect(validateNewAccount({ ...valid, slug: slugFromName(name) })).toEqual({});
    }
  });

  it('sends the fields trimmed', () => {
    expect(toCreateAccountRequest({ name: ' Acme ', slug: ' acme ', timeZone: 'UTC' })).toEqual({
      name: 'Acme',
      slug: 'acme',
      timeZone: 'UTC',
    });
  });
});
