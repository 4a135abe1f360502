import {
  IDENTITY_MESSAGES,
  MfaErrorCode,
  PasswordErrorCode,
  PasswordResetErrorCode,
  SessionErrorCode,
} from '@infra/contracts';
import en from '../../public/locales/en/translation.json';
import {
  failureKey,
  IDENTITY_TEXT_KEYS,
  MFA_CODE_KEYS,
  RESET_CODE_KEYS,
  SESSION_CODE_KEYS,
  type FailureTexts,
} from './serverMessages';

describe('server failures', () => {
  it('has the identity messages of the contract, word for word, among the English texts', () => {
    expect(en.identity.messages).toEqual(IDENTITY_MESSAGES);
    for (const key of Object.values(IDENTITY_TEXT_KEYS)) {
      expect(key.replace('identity.messages.', '') in IDENTITY_MESSAGES).toBe(true);
    }
  });

  it("maps every code of identity's session, MFA and reset enums to a text", () => {
    for (const code of Object.values(SessionErrorCode).filter(
      (code) => code !== SessionErrorCode.InvalidRefreshToken,
    )) {
      expect([code, SESSION_CODE_KEYS[code]]).toEqual([code, expect.stringMatching(/^identity\.messages\./)]);
    }
    for (const code of Object.values(MfaErrorCode)) {
      expect([code, MFA_CODE_KEYS[code]]).toEqual([code, expect.stringMatching(/^identity\.messages\./)]);
    }
    for (const code of [
      ...Object.values(PasswordResetErrorCode).filter((code) => code !== PasswordResetErrorCode.EmailRequired),
      ...Object.values(PasswordErrorCode),
    ]) {
      expect([code, RESET_CODE_KEYS[code]]).toEqual([code, expect.stringMatching(/^identity\.messages\./)]);
    }
  });

  const texts: FailureTexts = {
    codes: RESET_CODE_KEYS,
    statuses: { 400: IDENTITY_TEXT_KEYS.resetInvalid },
    fallback: 'toast.unavailable',
  };

  it('maps the code first, then the status, then the fallback', () => {
    expect(failureKey({ status: 400, code: PasswordErrorCode.Common }, texts)).toBe('identity.messages.passwordRule');
    expect(failureKey({ status: 400, code: PasswordResetErrorCode.InvalidLink }, texts)).toBe(
      'identity.messages.resetInvalid',
    );
    expect(failureKey({ status: 400, code: 'BAD_REQUEST' }, texts)).toBe('identity.messages.resetInvalid');
    expect(failureKey({ status: 418 }, texts)).toBe('toast.unavailable');
  });

  it('never shows the message text: a validator message with a generic code gives the screen text', () => {
    const failure = {
      status: 400,
      code: 'BAD_REQUEST',
      message: 'token must be longer than or equal to 32 characters',
    };
    expect(failureKey(failure, texts)).toBe('identity.messages.resetInvalid');
  });

  it('has shared texts for no answer, too many attempts and server failures', () => {
    expect(failureKey({ status: 0 }, texts)).toBe('toast.networkError');
    expect(failureKey({ status: 429, code: 'TOO_MANY_REQUESTS' }, texts)).toBe('errors.tooManyAttempts');
    expect(failureKey({ status: 503 }, texts)).toBe('toast.unavailable');
  });
});
