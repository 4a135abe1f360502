/** The IANA time zones the browser knows (UTC first), plus any extra ones (e.g. an account's current zone). */
export function timeZoneOptions(...extra: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(['UTC', ...known, ...extra.filter(Boolean)]);
  return [...zones];
}
