import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PasswordErrorCode, passwordShapeProblem } from './password-rule';

describe('the password rule', () => {
  it.each([
    ['Demo-Admin-Pass-1'],
    ['correct horse battery staple'],
    ['x'.repeat(PASSWORD_MIN_LENGTH)],
    ['y'.repeat(PASSWORD_MAX_LENGTH)],
    ['🔒'.repeat(PASSWORD_MIN_LENGTH)],
  ])('accepts %p', (password) => {
    expect(passwordShapeProblem(password)).toBeUndefined();
  });

  it.each([
    ['', PasswordErrorCode.TooShort],
    ['Short-pass1', PasswordErrorCode.TooShort],
    ['🔒'.repeat(PASSWORD_MIN_LENGTH - 1), PasswordErrorCode.TooShort],
    ['z'.repeat(PASSWORD_MAX_LENGTH + 1), PasswordErrorCode.TooLong],
    [' '.repeat(12), PasswordErrorCode.Blank],
    ['\t \n'.repeat(5), PasswordErrorCode.Blank],
  ])('refuses %p (%s)', (password, problem) => {
    expect(passwordShapeProblem(password)).toBe(problem);
  });
});
