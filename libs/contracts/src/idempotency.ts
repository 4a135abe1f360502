/**
 * Idempotent writes (IETF draft "The Idempotency-Key HTTP Header Field"): a client sends one key per write and the
 * same key on its retries; the gateway executes the write once and replays the stored answer to the retries.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** On a replayed answer: `true`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** On a first answer too large to be kept for replays: `false` (a retry then gets 409 IDEMPOTENCY_ANSWER_NOT_STORED). */
export const IDEMPOTENCY_STORED_HEADER = 'idempotency-stored';

export const IDEMPOTENCY_LIMITS = {
  /** Visible ASCII characters of a key (a UUID is 36). */
  keyMaxLength: 255,
  /** How long a completed answer is replayed. */
  retentionMs: 24 * 60 * 60 * 1000,
  /** Answers larger than this are not kept (the write is still remembered, so a retry does not repeat it). */
  storedAnswerMaxBytes: 1024 * 1024,
} as const;

export enum IdempotencyErrorCode {
  InvalidKey = 'IDEMPOTENCY_KEY_INVALID',
  /** The key was used before for another method, path or body. */
  KeyReused = 'IDEMPOTENCY_KEY_REUSED',
  /** The first request with this key has not answered yet: retry later. */
  InFlight = 'IDEMPOTENCY_KEY_IN_FLIGHT',
  /** The first request completed, but its answer was too large to keep for replays. */
  AnswerNotStored = 'IDEMPOTENCY_ANSWER_NOT_STORED',
}

export const IDEMPOTENCY_ERRORS: Readonly<Record<IdempotencyErrorCode, { status: number; message: string }>> = {
  [IdempotencyErrorCode.InvalidKey]: {
    status: 400,
    message: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_LIMITS.keyMaxLength} visible ASCII characters.`,
  },
  [IdempotencyErrorCode.KeyReused]: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request.',
  },
  [IdempotencyErrorCode.InFlight]: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed. Try again later',
  },
  [IdempotencyErrorCode.AnswerNotStored]: {
    status: 409,
    message: 'The request with this Idempotency-Key was completed, but its answer was too large to be kept.',
  },
};
