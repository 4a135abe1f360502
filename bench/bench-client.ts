// What every benchmark needs of the running product: the demo System Admin signed in, a fresh account and
// organization of its own (the demo data is left alone), JSON calls through the gateway, and timing.
import { type FileAddressDto, PLAN_LIMITS } from '@infra/contracts';

export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
const SYSADMIN = { email: 'sysadmin@demo.local', password: 'Demo-System-Pass-1' };

let token = '';
let organizationId = '';

/** A JSON call through the gateway as the signed-in System Admin, in the bench's organization; throws unless 2xx. */
export function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return apiJsonText<T>(method, path, body !== undefined ? JSON.stringify(body) : undefined);
}

/** `api` with the body already serialized (ingest benches build their bodies before the clock starts). */
export async function apiJsonText<T>(method: string, path: string, json?: string): Promise<T> {
  const response = await fetch(`${BASE_URL}/api/v1/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(organizationId ? { organizationid: organizationId } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signIn(credentials: { email: string; password: string } = SYSADMIN): Promise<void> {
  const response = await fetch(`${BASE_URL}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  token = ((await response.json()) as { accessToken: string }).accessToken;
}

/** The caller's token and organization, for a bench that makes its own requests (any status, raw bodies). */
export function session(): { token: string; organizationId: string } {
  return { token, organizationId };
}

/**
 * Signs in as the demo Admin (not the System Admin: what a tenant can send) and creates an organization of the
 * demo account for this run, so the demo organization's data is left alone; returns the run label.
 */
export async function freshAdminOrganization(): Promise<{ run: string; organizationId: string }> {
  await signIn({ email: 'admin@demo.local', password: 'Demo-Admin-Pass-1' });
  const run = Date.now().toString(36);
  organizationId = '';
  const accounts = await api<{ id: string; slug: string }[]>('GET', 'accounts');
  const account = accounts.find((candidate) => candidate.slug === 'demo') ?? accounts[0];
  if (!account) throw new Error('the demo Admin has no account');
  organizationId = (await api<{ id: string }>('POST', 'organizations', { accountId: account.id, name: `Bench ${run}` }))
    .id;
  process.stdout.write(`organization ${organizationId} (account ${account.slug}, demo Admin)\n`);
  return { run, organizationId };
}

/** Signs in as the demo System Admin and works in an organization an earlier run made (to measure it again). */
export async function existingOrganization(id: string): Promise<void> {
  await signIn();
  organizationId = id;
}

/** Signs in as the demo System Admin and creates an account and organization for this run; returns the run label. */
export async function freshOrganization(): Promise<{ run: string; accountId: string; organizationId: string }> {
  await signIn();
  const run = Date.now().toString(36);
  organizationId = '';
  // A plan as large as plans go: the benchmark's fleet must fit.
  const account = await api<{ id: string }>('POST', 'accounts', {
    name: `Bench ${run}`,
    slug: `bench-${run}`,
    plan: 'Bench',
    assetLimit: PLAN_LIMITS.assetLimitMax,
  });
  organizationId = (await api<{ id: string }>('POST', 'organizations', { accountId: account.id, name: `Bench ${run}` }))
    .id;
  process.stdout.write(`organization ${organizationId} (account bench-${run})\n`);
  return { run, accountId: account.id, organizationId };
}

/** Polls every `everyMs` until `check` answers a value (undefined or false: not yet); fails after `timeoutMs`. */
export async function pollUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  { timeoutMs = 60_000, everyMs = 20 } = {},
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** Uploads a tag file as the web app does: the upload address from `GET s3/tag-upload/{name}`, then its PUT. */
export async function uploadTagFile(fileName: string, csv: string): Promise<void> {
  const address = await api<FileAddressDto>('GET', `s3/tag-upload/${fileName}`);
  const url = /^https?:/.test(address.url) ? address.url : `${BASE_URL}${address.url}`;
  const response = await fetch(url, { method: address.method, headers: address.headers, body: csv });
  if (!response.ok) throw new Error(`PUT upload: ${response.status} ${await response.text()}`);
}
