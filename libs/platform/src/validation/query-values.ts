/** class-transformer `@Transform` helpers for query strings, where every value arrives as text. */

/** Comma- or pipe-separated values (the web client encodes `|`), blanks dropped. */
export function queryList({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split(/[,|]/)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** `true` and `false`; anything else is left for `@IsBoolean()` to refuse. */
export function queryBoolean({ value }: { value: unknown }): unknown {
  return value === 'true' ? true : value === 'false' ? false : value;
}
