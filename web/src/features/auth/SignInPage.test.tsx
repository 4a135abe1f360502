import { fireEvent, screen, waitFor } from '@testing-library/react';
import { browserLocation } from '../../shared/browserLocation';
import { fetchAnswer, renderWithApp } from '../../testing/render';
import SignInPage from './SignInPage';

interface SentRequest {
  url: string;
  method: string;
  body: unknown;
}

let sent: SentRequest[];
let answers: (() => Promise<Response>)[];
const originalFetch = globalThis.fetch;
let assign: jest.SpyInstance;
let replace: jest.SpyInstance;

beforeEach(() => {
  sent = [];
  answers = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const next = answers.shift();
    return next ? next() : Promise.reject(new Error('no answer'));
  }) as typeof fetch;
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
});

afterEach(() => {
  globalThis.fetch = originalFetch;
});

const answer = (status: number, body?: unknown) => answers.push(() => Promise.resolve(fetchAnswer(status, body)));

function typeCredentials(email = 'mfa@demo.local', password = 'Demo-Mfa-Pass-1') {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  it('asks for the code when MFA is required, then posts all three and goes to returnTo', async () => {
    answer(200, { mfaRequired: true });
    answer(200, { mfaRequired: false, user: { id: 'u1' } });
    renderWithApp(<SignInPage />, '/signin?returnTo=%2Fprofile');

    typeCredentials();
    const code = await screen.findByLabelText(/^Verification code/);
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(sent).toEqual([
      { url: '/api/login', method: 'POST', body: { email: 'mfa@demo.local', password: 'Demo-Mfa-Pass-1' } },
    ]);
    expect(assign).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/profile'));
    expect(sent[1]).toEqual({
      url: '/api/login',
      method: 'POST',
      body: { email: 'mfa@demo.local', password: 'Demo-Mfa-Pass-1', code: '123456' },
    });
  });

  it('goes home without MFA when no (or an unsafe) returnTo is given', async () => {
    answer(200, { mfaRequired: false, user: { id: 'u1' } });
    renderWithApp(<SignInPage />, '/signin?returnTo=https%3A%2F%2Fevil.example');
    typeCredentials('admin@demo.local', 'Demo-Admin-Pass-1');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('shows a wrong password inline, stays on the page and never goes to the login location', async () => {
    answer(401, { statusCode: 401, message: 'Invalid email or password.' });
    const { store } = renderWithApp(<SignInPage />, '/signin');
    typeCredentials('admin@demo.local', 'wrong');
    expect((await screen.findByTestId('signin-error')).textContent).toBe('Invalid email or password.');
    expect(assign).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(store.getState().toasts.items).toEqual([]);
    expect(screen.getByTestId('location').textContent).toBe('/signin');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('wrong');
  });

  it('keeps the code step on a wrong code and shows the server message', async () => {
    answer(200, { mfaRequired: true });
    answer(401, { statusCode: 401, message: 'The verification code is not valid.' });
    renderWithApp(<SignInPage />, '/signin');
    typeCredentials();
    fireEvent.change(await screen.findByLabelText(/^Verification code/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('signin-error')).textContent).toBe('The verification code is not valid.');
    expect(screen.getByLabelText(/^Verification code/)).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();

    // Back to the first step.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.queryByTestId('signin-error')).toBeNull();
  });

  it('shows the lock-out message of a 429', async () => {
    answer(429, { statusCode: 429, message: 'Too many sign-in attempts. Try again later.' });
    renderWithApp(<SignInPage />, '/signin');
    typeCredentials();
    expect((await screen.findByTestId('signin-error')).textContent).toBe('Too many sign-in attempts. Try again later.');
  });

  it('shows the connection text when there is no answer', async () => {
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithApp(<SignInPage />, '/signin');
    typeCredentials();
    expect((await screen.findByTestId('signin-error')).textContent).toBe(
      'A connection issue occurred. Please check your internet connection...',
    );
  });

  it('chooses the text by the error code, never by the message text', async () => {
    answer(401, { statusCode: 401, message: 'Unauthorized', errorId: 'e-1', code: 'SESSION_INVALID_CREDENTIALS' });
    renderWithApp(<SignInPage />, '/signin');
    typeCredentials();
    expect((await screen.findByTestId('signin-error')).textContent).toBe('Invalid email or password.');
  });

  it('shows the generic text for a refusal it has no text for', async () => {
    answer(400, { statusCode: 400, message: 'email must be an email', errorId: 'e-2', code: 'BAD_REQUEST' });
    renderWithApp(<SignInPage />, '/signin');
    typeCredentials();
    expect((await screen.findByTestId('signin-error')).textContent).toBe(
      'Unable to complete your request. Try again later',
    );
  });

  it('does not submit without an email and a password', () => {
    renderWithApp(<SignInPage />, '/signin');
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'a@b.c' } });
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([]);
  });
});
