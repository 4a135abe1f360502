import { bodyErrorsOf } from '@infra/platform/testing';
import { API_KEY_LIMITS } from '@infra/contracts';
import { CreateApiKeyDto, VerifyApiKeyDto } from './api-keys.dto';

const errorsOf = (body: object) => bodyErrorsOf(CreateApiKeyDto, body);
const valid = { name: 'Tag import job', organizationId: '7d3b7f4e-3f3c-4a8e-9a57-0d8e2f7c1b11', role: 'User' };
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

describe('CreateApiKeyDto', () => {
  it('takes a name, an organization and a role, with or without an expiry', async () => {
    expect(await errorsOf(valid)).toEqual([]);
    expect(await errorsOf({ ...valid, role: 'Admin', expiresAt: inDays(30) })).toEqual([]);
  });

  it('takes a name up to the limit, not blank, without control characters', async () => {
    expect(await errorsOf({ ...valid, name: 'x'.repeat(API_KEY_LIMITS.nameMaxLength) })).toEqual([]);
    expect(await errorsOf({ ...valid, name: 'x'.repeat(API_KEY_LIMITS.nameMaxLength + 1) })).toEqual([
      `name must be shorter than or equal to ${API_KEY_LIMITS.nameMaxLength} characters`,
    ]);
    expect(await errorsOf({ ...valid, name: '   ' })).toEqual(['name must not be blank']);
    expect(await errorsOf({ ...valid, name: 'job\u0000' })).toHaveLength(1);
  });

  it('refuses a role other than User or Admin (no System Admin keys) and a malformed organization', async () => {
    expect(await errorsOf({ ...valid, role: 'System Admin' })).toEqual([
      'role must be one of the following values: User, Admin',
    ]);
    expect(await errorsOf({ ...valid, organizationId: 'demo-east' })).toEqual(['organizationId must be a UUID']);
  });

  it('takes an expiry in the future and at most a year ahead', async () => {
    const rule = `expiresAt must be in the future and at most ${API_KEY_LIMITS.expiryMaxDays} days ahead`;
    expect(await errorsOf({ ...valid, expiresAt: inDays(-1) })).toEqual([rule]);
    expect(await errorsOf({ ...valid, expiresAt: inDays(API_KEY_LIMITS.expiryMaxDays + 1) })).toEqual([rule]);
    expect(await errorsOf({ ...valid, expiresAt: inDays(API_KEY_LIMITS.expiryMaxDays - 1) })).toEqual([]);
    expect(await errorsOf({ ...valid, expiresAt: 'next week' })).toEqual(
      expect.arrayContaining(['expiresAt must be a valid ISO 8601 date string']),
    );
  });

  it('refuses fields a client must not choose (the creator, the secret)', async () => {
    expect(await errorsOf({ ...valid, createdBy: 'someone' })).toEqual(['property createdBy should not exist']);
    expect(await errorsOf({ ...valid, secret: 'iak_mine' })).toEqual(['property secret should not exist']);
  });
});

describe('VerifyApiKeyDto', () => {
  it('takes a SHA-256 hex hash and a client address only', async () => {
    const hash = 'a'.repeat(64);
    expect(await bodyErrorsOf(VerifyApiKeyDto, { hash, clientIp: '::1' })).toEqual([]);
    expect(await bodyErrorsOf(VerifyApiKeyDto, { hash: `iak_${'a'.repeat(43)}`, clientIp: '::1' })).toHaveLength(1);
  });
});
