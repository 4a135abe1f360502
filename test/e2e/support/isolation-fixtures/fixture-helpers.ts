// What every service's isolation fixture uses to create its entities.

const run = Date.now().toString(36);
let sequence = 0;

/** A name no other entity has: a run sets up the same owner once per intruder. */
export const unique = (): string => `${run}-${++sequence}`;

/** The body of a set-up request that must succeed; anything else stops the suite with what failed. */
export async function ok<T>(
  what: string,
  response: Promise<{ status: number; body: unknown; text: string }>,
): Promise<T> {
  const { status, body, text } = await response;
  if (status < 200 || status > 299) throw new Error(`isolation fixture: ${what} failed: ${status} ${text}`);
  return body as T;
}
