import { EMPTY_ACCOUNT, EMPTY_ORGANIZATION, ORGANIZATION_FIELDS, type Account, type Organization } from './types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An organization with every field a string (missing ones empty), from anything organization-like. */
export function toOrganization(value: Partial<Organization> | Record<string, unknown>): Organization {
  const organization: Organization = { ...EMPTY_ORGANIZATION };
  for (const field of ORGANIZATION_FIELDS) {
    const fieldValue = (value as Record<string, unknown>)[field];
    if (typeof fieldValue === 'string') organization[field] = fieldValue;
  }
  return organization;
}

/** The stored-state check: a selected organization is restored only if it has a non-empty string id and name. */
export function isStoredOrganization(value: unknown): value is Organization {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    value.id.length > 0 &&
    typeof value.name === 'string' &&
    ORGANIZATION_FIELDS.every((field) => value[field] === undefined || typeof value[field] === 'string')
  );
}

/** The stored-state check for a selected account: id, name and slug strings, an optional organization list. */
export function isStoredAccount(value: unknown): value is Account {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    value.id.length > 0 &&
    typeof value.name === 'string' &&
    typeof value.slug === 'string' &&
    (value.organization === undefined || (Array.isArray(value.organization) && value.organization.every(isRecord)))
  );
}

function readJson(key: string): unknown {
  if (typeof window === 'undefined') return undefined;
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch (error: unknown) {
    console.warn(`Ignoring unreadable local storage entry "${key}"`, error);
    return undefined;
  }
}

export function loadStoredOrganization(key: string): Organization {
  const stored = readJson(key);
  return isStoredOrganization(stored) ? toOrganization(stored) : { ...EMPTY_ORGANIZATION };
}

export function loadStoredAccount(key: string): Account {
  const stored = readJson(key);
  return isStoredAccount(stored) ? stored : { ...EMPTY_ACCOUNT };
}

/** Writes a selection, or removes the key when the selection is empty. */
export function storeSelection(key: string, value: { id: string }): void {
  if (typeof window === 'undefined') return;
  try {
    if (value.id) window.localStorage.setItem(key, JSON.stringify(value));
    else window.localStorage.removeItem(key);
  } catch (error: unknown) {
    console.warn(`Could not write local storage entry "${key}"`, error);
  }
}
