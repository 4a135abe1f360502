import { bodyErrorsOf } from '@infra/platform/testing';
import { ORGANIZATION_FIELD_MAX_LENGTHS, ORGANIZATION_TEXT_FIELDS } from '@infra/contracts';
import { OrganizationDto } from './organizations.dto';

// The pipe as the platform installs it (libs/platform/src/bootstrap.ts).
const errorsOf = (body: object) => bodyErrorsOf(OrganizationDto, body);

// The web form checks the same limits (ORGANIZATION_FIELD_MAX_LENGTHS): both must hold exactly.
describe('OrganizationDto', () => {
  it.each(['name', ...ORGANIZATION_TEXT_FIELDS] as const)('takes %s up to its limit and no longer', async (field) => {
    const max = ORGANIZATION_FIELD_MAX_LENGTHS[field];
    const body = (text: string) => ({ name: 'Demo', [field]: text });
    expect(await errorsOf(body('x'.repeat(max)))).toEqual([]);
    expect(await errorsOf(body('x'.repeat(max + 1)))).toEqual([
      `${field} must be shorter than or equal to ${max} characters`,
    ]);
  });

  // Found by the API fuzzer: null passed @IsOptional() and the update hit the NOT NULL column (500).
  it.each(ORGANIZATION_TEXT_FIELDS)('refuses null for %s (an empty string clears it)', async (field) => {
    expect(await errorsOf({ name: 'Demo', [field]: null })).toContain(`${field} must be a string`);
    expect(await errorsOf({ name: 'Demo', [field]: '' })).toEqual([]);
  });

  it('requires a name and refuses unknown fields', async () => {
    expect(await errorsOf({ city: 'Boston' })).toEqual(
      expect.arrayContaining(['name must be longer than or equal to 1 characters']),
    );
    expect(await errorsOf({ name: 'Demo', ownerId: '00000000-0000-0000-0000-000000000000' })).toEqual([
      'property ownerId should not exist',
    ]);
  });
});
