// fast-check arbitraries for request parts: values that fit a schema (so a request gets past the first check),
// hostile values (wrong types, nulls, huge and negative numbers, out-of-range dates, unpaired surrogates, NUL, 10 KB
// strings, arrays where objects belong) and mutations of a fitting value that put one hostile value somewhere in it.
import fc from 'fast-check';
import type { Schema } from './openapi';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const TEN_KB = 'x'.repeat(10 * 1024);

/** Strings no text field should store: each is a 400 or a harmless 2xx, never a 5xx. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\ud800',
  'a\udc00b',
  'nul\u0000byte',
  '\u0000',
  TEN_KB,
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '12abc',
  '0000-01-01T00:00:00.000Z',
  '10000-01-01T00:00:00.000Z',
  '+010000-01-01T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '2026-02-30T00:00:00.000Z',
  '2026-13-01',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  "'; select pg_sleep(0); --",
  '%',
  '\\',
  '{"a":1}',
  'ü€𝄞',
  '\u202e\u200b',
];

/** Numbers past every column's range, negatives and non-integers. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0.5,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const hostileScalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(...HOSTILE_STRINGS),
  fc.constantFrom<Json>(...HOSTILE_NUMBERS),
  fc.constantFrom<Json>(null, true, false),
);

/** Any hostile value: a scalar, or a structure of the wrong kind (empty, huge, nested, array for object). */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Json>(
      [],
      {},
      [[]],
      [{}],
      [null],
      [TEN_KB],
      { nested: { deeper: [[{}]] } },
      // A 2,000-element array: big enough for "huge", small enough to keep write rates and bodies bounded.
      Array.from({ length: 2000 }, () => 0),
      Array.from({ length: 2000 }, () => '\ud800'),
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
);

const uuid = fc.uuid();
const isoDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const types = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A string the schema's format or name suggests: an id, a date, a known id of the caller's, or plain text. */
function stringFor(schema: Schema, name: string, ids: readonly string[]): fc.Arbitrary<string> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum.map(String));
  if (schema.format === 'uuid' || /id$/i.test(name))
    return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), uuid) : uuid;
  if (schema.format === 'date-time' || schema.format === 'date' || /date|time|hour|from|until|since/i.test(name))
    return isoDate;
  if (schema.format === 'email' || /email/i.test(name))
    return fc.stringMatching(/^[a-z]{1,8}$/).map((local) => `fuzz-${local}@example.test`);
  if (schema.example !== undefined && typeof schema.example === 'string')
    return fc.oneof(fc.constant(schema.example), fc.string({ minLength: 1, maxLength: 24 }));
  const minLength = Math.min(schema.minLength ?? 1, 64);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 64));
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function numberFor(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (integer ? 0 : 0);
  const max = schema.maximum ?? (integer ? 1000 : 100);
  return integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -1e6)), max: Math.floor(Math.min(max, 1e6)) })
    : fc.double({ min: Math.max(min, -1e6), max: Math.min(max, 1e6), noNaN: true, noDefaultInfinity: true });
}

/**
 * A value that fits `schema` as far as its JSON Schema says (patterns and cross-field rules aside): most such values
 * get past the type checks, so the mutations below probe what lies behind them.
 */
export function fitting(schema: Schema | undefined, ids: readonly string[], name = '', depth = 0): fc.Arbitrary<Json> {
  if (!schema || depth > 5) return fc.constant(null);
  if (schema.enum?.length) return fc.constantFrom(...(schema.enum as Json[]));
  const options = schema.oneOf ?? schema.anyOf;
  if (options?.length) return fc.oneof(...options.map((option) => fitting(option, ids, name, depth + 1)));
  const [type] = types(schema);
  switch (type ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string')) {
    case 'string':
      return stringFor(schema, name, ids);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, /page|size|limit|offset|count|top|days|hours/i.test(name));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = Math.min(schema.minItems ?? 0, 3);
      return fc.array(fitting(schema.items, ids, name.replace(/s$/, ''), depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      if (Object.keys(properties).length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar);
      const record: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, property] of Object.entries(properties)) record[key] = fitting(property, ids, key, depth + 1);
      return fc.record(record, {
        requiredKeys: [...required].filter((key) => key in properties),
      }) as fc.Arbitrary<Json>;
    }
    default:
      return fc.constant(null);
  }
}

/** Every place in a JSON value (as a path of keys and indexes). */
function places(value: Json, at: (string | number)[] = [], found: (string | number)[][] = []): (string | number)[][] {
  found.push(at);
  if (Array.isArray(value)) value.forEach((item, index) => places(item, [...at, index], found));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) places(item, [...at, key], found);
  return found;
}

function replaceAt(value: Json, path: (string | number)[], replacement: (old: Json) => Json): Json {
  if (path.length === 0) return replacement(value);
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === head ? replaceAt(item, rest, replacement) : item]),
    );
  return value;
}

type Mutation = { kind: 'replace'; value: Json } | { kind: 'wrap' } | { kind: 'drop' } | { kind: 'extra'; value: Json };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: hostileValue.map((value): Mutation => ({ kind: 'replace', value })) },
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'wrap' }) },
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'drop' }) },
  { weight: 1, arbitrary: hostileValue.map((value): Mutation => ({ kind: 'extra', value })) },
);

/** One or two mutations of a fitting value: a hostile value somewhere, an object wrapped in an array, a field gone. */
export function mutated(base: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc.tuple(base, fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 2 })).map(([value, steps]) =>
    steps.reduce<Json>((current, [pick, step]) => {
      const all = places(current);
      const path = all[pick % all.length];
      switch (step.kind) {
        case 'replace':
          return replaceAt(current, path, () => step.value);
        case 'wrap':
          return replaceAt(current, path, (old) => [old]);
        case 'drop':
          if (path.length === 0) return current;
          return replaceAt(current, path.slice(0, -1), (parent) =>
            Array.isArray(parent)
              ? parent.filter((_, index) => index !== path[path.length - 1])
              : Object.fromEntries(Object.entries(parent as object).filter(([key]) => key !== path[path.length - 1])),
          );
        case 'extra':
          return replaceAt(current, path, (old) =>
            old && typeof old === 'object' && !Array.isArray(old) ? { ...old, fuzzExtra: step.value } : old,
          );
      }
    }, value),
  );
}

/** A path segment: one of the caller's own ids, a random id, or a malformed one (encoded as a URL needs). */
export function pathSegment(ownIds: readonly string[]): fc.Arbitrary<string> {
  const malformed = fc.constantFrom(
    'not-a-uuid',
    '0',
    '-1',
    '99999999999999999999',
    'NaN',
    '%00',
    '%ED%A0%80', // an unpaired surrogate's UTF-8 (CESU) bytes
    '%FF%FE',
    '%E2%80%AE',
    '%25',
    '%2e%2e',
    'a'.repeat(10 * 1024),
    '00000000-0000-0000-0000-000000000000',
    '00000000-0000-4000-8000-00000000004%20',
    encodeURIComponent("'; drop table x; --"),
  );
  const random = fc.oneof(uuid, fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent));
  return ownIds.length > 0
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...ownIds) },
        { weight: 2, arbitrary: random },
        { weight: 3, arbitrary: malformed },
      )
    : fc.oneof({ weight: 2, arbitrary: random }, { weight: 3, arbitrary: malformed });
}

const encodeQuery = (values: string[]) =>
  values.map((value) => {
    try {
      return encodeURIComponent(value);
    } catch {
      return '%ED%A0%80'; // encodeURIComponent refuses a lone surrogate: send its bytes instead
    }
  });
const queryScalar = (value: Json): string =>
  value === null ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** A fitting query value as sent on the wire (encoded; one element: `name=value` once). */
export function fittingQueryValue(schema: Schema, name: string, ids: readonly string[]): fc.Arbitrary<string[]> {
  // Lists travel as `a|b` (the gateway's and services' query list format).
  return fitting(schema, ids, name).map((value) =>
    encodeQuery([Array.isArray(value) ? value.map(queryScalar).join('|') : queryScalar(value)]),
  );
}

/** A hostile query value: a hostile scalar, or the parameter repeated (an array where one value is meant). */
export function hostileQueryValue(schema: Schema, name: string, ids: readonly string[]): fc.Arbitrary<string[]> {
  return fc
    .oneof(
      { weight: 4, arbitrary: hostileScalar.map((value) => [queryScalar(value)]) },
      {
        weight: 1,
        arbitrary: fc.array(fitting(schema, ids, name), { minLength: 2, maxLength: 3 }).map((v) => v.map(queryScalar)),
      },
    )
    .map(encodeQuery);
}
