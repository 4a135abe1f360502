import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { ImportValidationDto } from '@infra/contracts';
import { REDIS } from '@infra/platform';

/** What a validation job answers: the validation, or that the organization has no such file. */
export type ValidationOutcome = { found: true; validation: ImportValidationDto } | { found: false };

const keyOf = (requestId: string) => `tagging:import-validation:${requestId}`;
/** An answer nobody collects (the request timed out) expires. */
const RESULT_TTL_SECONDS = 300;

/** Hands a validation job's answer to the request waiting for it: a Redis list the request blocks on (BLPOP). */
@Injectable()
export class ValidationResults {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async publish(requestId: string, outcome: ValidationOutcome): Promise<void> {
    await this.redis
      .multi()
      .lpush(keyOf(requestId), JSON.stringify(outcome))
      .expire(keyOf(requestId), RESULT_TTL_SECONDS)
      .exec();
  }

  /** The answer, or undefined after `timeoutSeconds`. A blocking pop needs its own connection. */
  async wait(requestId: string, timeoutSeconds: number): Promise<ValidationOutcome | undefined> {
    const connection = this.redis.duplicate({ maxRetriesPerRequest: null });
    try {
      const popped = await connection.blpop(keyOf(requestId), timeoutSeconds);
      return popped ? (JSON.parse(popped[1]) as ValidationOutcome) : undefined;
    } finally {
      connection.disconnect();
    }
  }
}
