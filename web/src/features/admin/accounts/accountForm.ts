import { ACCOUNT_NAME_MAX_LENGTH, ACCOUNT_SLUG_PATTERN, type CreateAccountRequest } from '@infra/contracts';

export interface NewAccountValues {
  name: string;
  slug: string;
  timeZone: string;
}

export type NewAccountErrors = Partial<Record<'name' | 'slug' | 'timeZone', 'required' | 'tooLong' | 'invalid'>>;

/** Longest slug the pattern admits. */
export const ACCOUNT_SLUG_MAX_LENGTH = 64;

/**
 * A slug suggested from the account's name: lowercase ASCII letters and digits, other runs turned into one
 * hyphen, accents dropped, no hyphen at either end, at most 64 characters. "Acme Corp. (EU)" gives "acme-corp-eu".
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, ACCOUNT_SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/** identity's rules for `POST accounts`: a name of 1 to 120 characters, a slug of ACCOUNT_SLUG_PATTERN, a time zone. */
export function validateNewAccount(values: NewAccountValues): NewAccountErrors {
  const errors: NewAccountErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'required';
  else if (name.length > ACCOUNT_NAME_MAX_LENGTH) errors.name = 'tooLong';
  const slug = values.slug.trim();
  if (slug === '') errors.slug = 'required';
  else if (!ACCOUNT_SLUG_PATTERN.test(slug)) errors.slug = 'invalid';
  if (values.timeZone.trim() === '') errors.timeZone = 'required';
  return errors;
}

export function toCreateAccountRequest(values: NewAccountValues): CreateAccountRequest {
  return { name: values.name.trim(), slug: values.slug.trim(), timeZone: values.timeZone.trim() };
}
