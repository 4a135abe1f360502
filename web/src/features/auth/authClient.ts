import type { LoginRequest, LoginResponse } from '@infra/contracts';
import { API_BASE_URL, LOGIN_PATH, LOGOUT_PATH } from '../../config';
import type { MessageResponse } from '../user/types';

/**
 * The public sign-in calls, made with a plain fetch and NOT through the RTK Query base query: their 401s
 * (a wrong password or code) are answers to show, never a reason to go to the login location.
 */
export type AuthResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; code?: string };

/** The `code` of the error body `{ statusCode, message, errorId, code }`: screens map it, never the message. */
function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'string' && body.code.length > 0 ? body.code : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

async function requestJson<T>(url: string, method: 'GET' | 'POST', body?: unknown): Promise<AuthResult<T>> {
  try {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const data = await readBody(response);
    if (response.ok) return { ok: true, status: response.status, data: data as T };
    const code = codeOf(data);
    return { ok: false, status: response.status, ...(code ? { code } : {}) };
  } catch {
    // No answer at all (offline, connection refused).
    return { ok: false, status: 0 };
  }
}

/** `POST /api/login`: `mfaRequired` (no session yet), or the session cookies are set. */
export function signIn(request: LoginRequest): Promise<AuthResult<LoginResponse>> {
  return requestJson<LoginResponse>(LOGIN_PATH, 'POST', request);
}

/** `GET users/reset-password?email=`: always the same answer, whether the account exists or not. */
export function requestPasswordResetEmail(email: string): Promise<AuthResult<MessageResponse>> {
  return requestJson<MessageResponse>(`${API_BASE_URL}/users/reset-password?email=${encodeURIComponent(email)}`, 'GET');
}

/** `POST users/reset-password`: sets a new password with the token of the emailed link. */
export function resetPassword(token: string, password: string): Promise<AuthResult<MessageResponse>> {
  return requestJson<MessageResponse>(`${API_BASE_URL}/users/reset-password`, 'POST', { token, password });
}

/**
 * `POST /api/logout` (a JSON body: the server refuses cross-site forms): ends the session and clears its
 * cookies. True once the server has answered; a 4xx means there was no session left to end.
 */
export async function signOut(): Promise<boolean> {
  try {
    const response = await fetch(LOGOUT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return response.status < 500;
  } catch {
    return false;
  }
}
