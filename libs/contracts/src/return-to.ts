/**
 * Where a browser may be sent back to after signing in: a same-site path of the web app, or '/'.
 * One definition for identity (the `/api/login` redirect) and the web app (the sign-in page), so the two
 * can never disagree again. Anything doubtful becomes '/': the value comes from a link an attacker may
 * have crafted, and browsers read `/\host`, `//host`, tabs and newlines in ways that leave the site.
 */
export const RETURN_TO_HOME = '/';

const MAX_RETURN_TO_LENGTH = 2048;
/** RFC 3986 path, query and fragment characters (no space, backslash, control or non-ASCII character). */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*$/;
/** Encoded slash or backslash: some proxies and servers decode them and then see `//host`. */
const ENCODED_SEPARATOR = /%(2f|5c)/i;
const PERCENT_ESCAPE = /%[0-9a-f]{2}/i;

function decodedOnce(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === '/api' || lower.startsWith('/api/');
}

export function safeReturnTo(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_RETURN_TO_LENGTH)
    return RETURN_TO_HOME;
  if (!URI_CHARACTERS.test(candidate) || !candidate.startsWith('/') || candidate.startsWith('//'))
    return RETURN_TO_HOME;
  const rawPath = candidate.split(/[?#]/, 1)[0];
  if (ENCODED_SEPARATOR.test(rawPath)) return RETURN_TO_HOME;
  const path = decodedOnce(rawPath);
  // Still escaped after one decoding: double encoding, which only an attack needs.
  if (path === undefined || PERCENT_ESCAPE.test(path)) return RETURN_TO_HOME;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(path) || path.startsWith('//')) return RETURN_TO_HOME;
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return RETURN_TO_HOME;
  if (isApiPath(path)) return RETURN_TO_HOME;
  return candidate;
}
