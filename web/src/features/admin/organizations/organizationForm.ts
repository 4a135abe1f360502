import {
  ORGANIZATION_FIELD_MAX_LENGTHS,
  ORGANIZATION_TEXT_FIELDS,
  type OrganizationDto,
  type OrganizationRequest,
} from '@infra/contracts';

export type OrganizationField = keyof typeof ORGANIZATION_FIELD_MAX_LENGTHS;

/** The form's fields in the order shown: the name, then the address and website. */
export const ORGANIZATION_FORM_FIELDS: readonly OrganizationField[] = ['name', ...ORGANIZATION_TEXT_FIELDS];

export type OrganizationValues = Record<OrganizationField, string>;

/** Why a field is refused: empty (the name), or longer than identity accepts. */
export type OrganizationFieldError = 'required' | 'tooLong';

export const EMPTY_ORGANIZATION_VALUES: OrganizationValues = {
  name: '',
  addressLineOne: '',
  addressLineTwo: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  website: '',
};

/** The form's values of an existing organization. */
export function valuesOf(organization: Pick<OrganizationDto, OrganizationField>): OrganizationValues {
  return Object.fromEntries(
    ORGANIZATION_FORM_FIELDS.map((field) => [field, organization[field] ?? '']),
  ) as OrganizationValues;
}

/** The same rules as identity's DTO: a name is required, and no field is longer than its limit (trimmed). */
export function validateOrganization(
  values: OrganizationValues,
): Partial<Record<OrganizationField, OrganizationFieldError>> {
  const errors: Partial<Record<OrganizationField, OrganizationFieldError>> = {};
  for (const field of ORGANIZATION_FORM_FIELDS) {
    const text = values[field].trim();
    if (field === 'name' && text === '') errors[field] = 'required';
    else if (text.length > ORGANIZATION_FIELD_MAX_LENGTHS[field]) errors[field] = 'tooLong';
  }
  return errors;
}

/** The request body: every field trimmed (an emptied field is sent empty, so it is cleared). */
export function toOrganizationRequest(values: OrganizationValues): OrganizationRequest {
  return Object.fromEntries(
    ORGANIZATION_FORM_FIELDS.map((field) => [field, values[field].trim()]),
  ) as OrganizationRequest;
}

/** City, state and country on one line, e.g. "Boston, MA, US"; empty without any. */
export function placeOf(organization: Pick<OrganizationDto, 'city' | 'state' | 'country'>): string {
  return [organization.city, organization.state, organization.country].filter(Boolean).join(', ');
}
