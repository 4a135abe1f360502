import { ORGANIZATION_FIELD_MAX_LENGTHS } from '@infra/contracts';
import { organizationFixture } from '../../../testing/fixtures';
import {
  EMPTY_ORGANIZATION_VALUES,
  placeOf,
  toOrganizationRequest,
  validateOrganization,
  valuesOf,
} from './organizationForm';

const values = (overrides: Partial<typeof EMPTY_ORGANIZATION_VALUES>) => ({
  ...EMPTY_ORGANIZATION_VALUES,
  ...overrides,
});

describe('organization form', () => {
  it('requires a name, blank or not', () => {
    expect(validateOrganization(values({}))).toEqual({ name: 'required' });
    expect(validateOrganization(values({ name: '   ' }))).toEqual({ name: 'required' });
    expect(validateOrganization(values({ name: 'Demo North' }))).toEqual({});
  });

  it("refuses each field past identity's limit, counting the trimmed text", () => {
    for (const [field, max] of Object.entries(ORGANIZATION_FIELD_MAX_LENGTHS)) {
      const atLimit = values({ name: 'Demo', [field]: ` ${'x'.repeat(max)} ` });
      expect([field, validateOrganization(atLimit)]).toEqual([field, {}]);
      const over = values({ name: 'Demo', [field]: 'x'.repeat(max + 1) });
      expect([field, validateOrganization(over)]).toEqual([field, { [field]: 'tooLong' }]);
    }
  });

  it('sends every field trimmed, so an emptied field is cleared', () => {
    const request = toOrganizationRequest(values({ name: ' Demo North ', city: ' Boston ', website: '' }));
    expect(request).toEqual({ ...EMPTY_ORGANIZATION_VALUES, name: 'Demo North', city: 'Boston' });
  });

  it('starts from the organization, and shows its place on one line', () => {
    const organization = organizationFixture({ name: 'Demo East', city: 'Boston', state: 'MA', country: 'US' });
    expect(valuesOf(organization)).toMatchObject({ name: 'Demo East', city: 'Boston', zipCode: '' });
    expect(placeOf(organization)).toBe('Boston, MA, US');
    expect(placeOf(organizationFixture())).toBe('');
  });
});
