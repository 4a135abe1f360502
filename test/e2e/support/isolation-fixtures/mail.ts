// Mails the product under test wrote (MAIL_DIR: one JSON file per mail, named after the recipient).
import fs from 'node:fs';
import path from 'node:path';
import { pollUntil } from '@infra/platform/testing';

/** `npm test` points the product at .cache/test-results/mail; a product copy at .cache/mail-<offset>. */
const MAIL_DIR = path.resolve(__dirname, '../../../..', process.env.E2E_MAIL_DIR ?? '.cache/test-results/mail');

/** The text of the newest mail to `email` after `since` (ms), waiting for it. */
export function mailTo(email: string, since: number): Promise<string> {
  return pollUntil(
    `a mail to ${email}`,
    () => {
      if (!fs.existsSync(MAIL_DIR)) return undefined;
      const newest = fs
        .readdirSync(MAIL_DIR)
        .filter((file) => file.endsWith(`${email}.json`))
        .map((file) => path.join(MAIL_DIR, file))
        .filter((file) => fs.statSync(file).mtimeMs >= since)
        .sort()
        .pop();
      return newest ? (JSON.parse(fs.readFileSync(newest, 'utf8')) as { text: string }).text : undefined;
    },
    { timeoutMs: 15_000, intervalMs: 100 },
  );
}
