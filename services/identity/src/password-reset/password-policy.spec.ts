import { PasswordErrorCode } from '@infra/contracts';
import { DomainError } from '@infra/platform';
import { assertAcceptablePassword } from './password-policy';

function problemOf(password: string): string | undefined {
  try {
    assertAcceptablePassword(password);
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('the password policy (ASVS V2.1)', () => {
  it.each(['Demo-Mfa-Pass-1', 'Demo-Admin-Pass-1', 'Demo-User-Pass-1', 'Demo-System-Pass-1', 'Acme-Admin-Pass-1'])(
    'accepts the demo password %s',
    (password) => {
      expect(problemOf(password)).toBeUndefined();
    },
  );

  it.each([
    [' '.repeat(12), PasswordErrorCode.Blank],
    ['short-pass', PasswordErrorCode.TooShort],
    ['x'.repeat(129), PasswordErrorCode.TooLong],
    ['qwerty123456', PasswordErrorCode.Common],
    ['Password1234', PasswordErrorCode.Common],
    ['1q2w3e4r5t6y', PasswordErrorCode.Common],
  ])('refuses %p with %s', (password, code) => {
    expect(problemOf(password)).toBe(code);
  });

  it('answers 400 with the rule in the message', () => {
    expect(() => assertAcceptablePassword(' '.repeat(12))).toThrow(
      expect.objectContaining({ status: 400, message: 'Password must not be only spaces.' }),
    );
  });
});
