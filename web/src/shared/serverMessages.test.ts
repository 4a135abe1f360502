import { IDENTITY_MESSAGES } from '@infra/contracts';
import en from '../../public/locales/en/translation.json';
import { serverMessageKey } from './serverMessages';

describe('server messages', () => {
  it('has the identity messages of the contract, word for word, among the English texts', () => {
    expect(en.identity.messages).toEqual(IDENTITY_MESSAGES);
  });

  it('knows the identity messages and the success text', () => {
    expect(serverMessageKey('Invalid email or password.')).toBe('identity.messages.invalidCredentials');
    expect(serverMessageKey(IDENTITY_MESSAGES.lastAdmin)).toBe('identity.messages.lastAdmin');
    expect(serverMessageKey('Action completed successfully')).toBe('toast.actionCompleted');
    expect(serverMessageKey('Something else')).toBeUndefined();
  });
});
