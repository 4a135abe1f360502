// Signing in demo users through the real gateway, for the end-to-end tests.
import { authenticator } from 'otplib';
import { pollUntil } from '@infra/platform/testing';
import type { FileAddressDto, TagImportDto } from '@infra/contracts';

export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
export const DEMO_MFA_SECRET = 'JBSWY3DPEHPK3PXP';

export const DEMO_USERS = {
  mfa: { email: 'mfa@demo.local', password: 'Demo-Mfa-Pass-1' },
  admin: { email: 'admin@demo.local', password: 'Demo-Admin-Pass-1' },
  user: { email: 'user@demo.local', password: 'Demo-User-Pass-1' },
  sysadmin: { email: 'sysadmin@demo.local', password: 'Demo-System-Pass-1' },
  acme: { email: 'acme@acme.local', password: 'Acme-Admin-Pass-1' },
} as const;

export type DemoUser = keyof typeof DEMO_USERS;

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export async function call<T = unknown>(
  method: string,
  path: string,
  {
    token,
    organizationId,
    body,
    headers = {},
  }: { token?: string; organizationId?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const response = await fetch(`${BASE_URL}${path.startsWith('/api') ? path : `/api/v1/${path}`}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(organizationId ? { organizationId } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (redirects, HTML)
  }
  return { status: response.status, body: parsed as T, text, headers: response.headers };
}

/** The cookies a response sets, by name (the browser sign-in's `access_token` and `refresh_token`). */
export function cookiesFrom(response: { headers: Headers }): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!.split('=') as [string, string]),
  );
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Sends the demo MFA user's current TOTP code with `attempt`; if that answers 401, once more with the next
 * step's code. Identity accepts each TOTP step once, and an earlier test may have used the current one.
 */
export async function withDemoTotp<R extends { status: number }>(attempt: (code: string) => Promise<R>): Promise<R> {
  const used = authenticator.generate(DEMO_MFA_SECRET);
  const response = await attempt(used);
  if (response.status !== 401) return response;
  await pollUntil('the next TOTP step', () => authenticator.generate(DEMO_MFA_SECRET) !== used, {
    timeoutMs: 35_000,
    intervalMs: 250,
  });
  return attempt(authenticator.generate(DEMO_MFA_SECRET));
}

export async function tokenFor(user: DemoUser): Promise<Tokens> {
  const { email, password } = DEMO_USERS[user];
  const signIn = (code?: string) => call<Tokens>('POST', 'auth/token', { body: { email, password, code } });
  const response = user === 'mfa' ? await withDemoTotp(signIn) : await signIn();
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${response.text}`);
  return response.body;
}

export interface Profile {
  id: string;
  email: string;
  role: string;
  accounts: { id: string; slug: string; name: string; role: string; organization: { id: string; name: string }[] }[];
}

export async function profileOf(token: string): Promise<Profile> {
  const response = await call<Profile>('GET', 'users/profile', { token });
  if (response.status !== 200) throw new Error(`profile failed: ${response.status} ${response.text}`);
  return response.body;
}

/** A demo user signed in and working in the first organization of one of their accounts. */
export interface OrganizationSession {
  token: string;
  organizationId: string;
  accountId: string;
}

export async function organizationSession(user: DemoUser, slug = 'demo'): Promise<OrganizationSession> {
  const { accessToken } = await tokenFor(user);
  const account = (await profileOf(accessToken)).accounts.find((a) => a.slug === slug)!;
  return { token: accessToken, organizationId: account.organization[0].id, accountId: account.id };
}

/** `call` as that session, in its organization (with these extra request headers). */
export const callAs =
  (who: OrganizationSession, headers?: Record<string, string>) =>
  <T = unknown>(method: string, path: string, body?: unknown) =>
    call<T>(method, path, { token: who.token, organizationId: who.organizationId, body, headers });

/** Polls a tag import until it has ended (completed or failed); answers it with the time it was seen ended. */
export function importEnded(who: OrganizationSession, importId: string, timeoutMs = 60_000) {
  return pollUntil(
    'the import ends',
    async () => {
      const polled = await callAs(who)<TagImportDto>('GET', `tags/import/${importId}`);
      return ['completed', 'failed'].includes(polled.body.status) ? { ...polled.body, at: Date.now() } : undefined;
    },
    { timeoutMs, intervalMs: 250 },
  );
}

/** Asks for a tag-file upload address and PUTs the file there as the browser does; answers the first failing status. */
export async function uploadTagFile(who: OrganizationSession, fileName: string, content: string | Buffer) {
  const address = await callAs(who)<FileAddressDto>('GET', `s3/tag-upload/${encodeURIComponent(fileName)}`);
  if (address.status !== 200) return address.status;
  return (
    await fetch(new URL(address.body.url, BASE_URL), { method: 'PUT', headers: address.body.headers, body: content })
  ).status;
}
