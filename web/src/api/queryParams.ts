// Query strings of the API calls, built one way: lists comma-separated, empty values left out.

/** Sets `name` to the comma-separated values (blank ones dropped); leaves it out when none remain. */
export function setList(params: URLSearchParams, name: string, values: readonly string[] | undefined): void {
  const kept = (values ?? []).map((value) => value.trim()).filter((value) => value.length > 0);
  if (kept.length > 0) params.set(name, kept.join(','));
}

/** The path with its query string; without `?` when the query is empty. */
export function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}
