/**
 * A list of UUIDs or numbers as one text parameter, read in SQL as `string_to_array($n, ',')::uuid[]` (or
 * `::float8[]`). The driver encodes an array parameter element by element, quoting and escaping each: 100,000 ids took
 * 30 ms of the event loop in one step; joined they take 2. Only for values that cannot hold a comma (validated UUIDs,
 * finite numbers); text of users' goes as an array.
 */
export function listParam(values: readonly (string | number)[]): string {
  return values.join(',');
}
