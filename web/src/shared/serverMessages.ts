import { IDENTITY_MESSAGES } from '@infra/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Server texts the app knows, with their translation keys (the English texts are the same). */
const KEY_BY_MESSAGE = new Map<string, string>([
  ...Object.entries(IDENTITY_MESSAGES).map(([key, text]): [string, string] => [text, `identity.messages.${key}`]),
  ['Action completed successfully', 'toast.actionCompleted'],
]);

/** The translation key of a known server message, if it is one. */
export function serverMessageKey(message: string): string | undefined {
  return KEY_BY_MESSAGE.get(message.trim());
}

/**
 * Shows a server `{ message }`: translated when it is a known text, else as sent; the fallback key when
 * there is no message (a network failure, an answer without a body).
 */
export function useServerMessage(): (message: string | undefined, fallbackKey: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message, fallbackKey) => {
      if (!message) return t(fallbackKey);
      const key = serverMessageKey(message);
      return key ? t(key) : message;
    },
    [t],
  );
}
