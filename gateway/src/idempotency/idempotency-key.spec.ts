import type { Request } from 'express';
import { IdempotencyErrorCode } from '@infra/contracts';
import { DomainError } from '@infra/platform';
import { idempotencyKeyOf } from './idempotency-key';

const keyOf = (value?: string | string[]) =>
  idempotencyKeyOf({ headers: value === undefined ? {} : { 'idempotency-key': value } } as unknown as Request);

function refusal(value: string | string[]): unknown {
  try {
    keyOf(value);
    return 'accepted';
  } catch (error) {
    return error instanceof DomainError ? [error.status, error.code] : error;
  }
}

describe('idempotencyKeyOf', () => {
  it('takes the Structured Fields string of the draft and the bare form as the same key', () => {
    expect(keyOf('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(keyOf('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(keyOf('"a\\"b\\\\c"')).toBe('a"b\\c');
    expect(keyOf('x'.repeat(255))).toHaveLength(255);
  });

  it('is undefined without the header', () => {
    expect(keyOf()).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['empty string', '""'],
    ['too long', 'x'.repeat(256)],
    ['a space', 'a b'],
    ['a control character', 'a\tb'],
    ['non-ASCII', 'clé'],
    ['an unterminated string', '"abc'],
    ['a bad escape', '"a\\nb"'],
    ['a quote inside', '"a"b"'],
    ['two headers (joined by Node)', '"a", "b"'],
    ['a list', ['a', 'b']],
  ])('refuses %s with 400 IDEMPOTENCY_KEY_INVALID', (_case, value) => {
    expect(refusal(value)).toEqual([400, IdempotencyErrorCode.InvalidKey]);
  });
});
