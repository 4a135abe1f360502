import { act, fireEvent, screen } from '@testing-library/react';
import { fetchAnswer, renderWithApp } from '../../testing/render';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

const originalFetch = globalThis.fetch;
let sent: { url: string; method: string; body?: string }[];
let next: Response;

beforeEach(() => {
  sent = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body as string | undefined });
    return Promise.resolve(next);
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = originalFetch;
});

describe('forgot-password page', () => {
  it('asks for a reset link and shows the same answer for any email', async () => {
    next = fetchAnswer(200, { message: 'whatever the server says' });
    renderWithApp(<ForgotPasswordPage />, '/forgot-password');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: ' someone@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('reset-requested')).textContent).toBe(
      'If an account exists for this email, a password reset link has been sent.',
    );
    expect(sent).toEqual([
      { url: '/api/v1/users/reset-password?email=someone%40example.com', method: 'GET', body: undefined },
    ]);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin');
  });
});

describe('reset-password page', () => {
  const fill = async (password: string, confirmation: string) => {
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirmation } });
    // The form checks its entries asynchronously: the click's act waits until that is done.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    });
  };

  it('checks the minimum length and that both entries match before sending', async () => {
    renderWithApp(<ResetPasswordPage />, '/reset-password?token=tok-1');
    await fill('short', 'other');
    expect(screen.getByText('Password must be at least 12 characters long.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    await fill('long-enough-pass', 'long-enough-pas');
    expect(screen.queryByText('Password must be at least 12 characters long.')).toBeNull();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sets the password with the token, then links to sign in', async () => {
    next = fetchAnswer(200, { message: 'Action completed successfully' });
    renderWithApp(<ResetPasswordPage />, '/reset-password?token=tok-1');
    await fill('long-enough-pass', 'long-enough-pass');
    expect((await screen.findByTestId('reset-done')).textContent).toBe('Action completed successfully');
    expect(sent).toEqual([
      {
        url: '/api/v1/users/reset-password',
        method: 'POST',
        body: JSON.stringify({ token: 'tok-1', password: 'long-enough-pass' }),
      },
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('shows an invalid or expired link', async () => {
    next = fetchAnswer(400, { statusCode: 400, message: 'This password reset link is invalid or has expired.' });
    renderWithApp(<ResetPasswordPage />, '/reset-password?token=old');
    await fill('long-enough-pass', 'long-enough-pass');
    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeTruthy();
  });

  it('shows the invalid-link text, not the validator message, for a short bogus token', async () => {
    next = fetchAnswer(400, {
      statusCode: 400,
      message: ['token must be longer than or equal to 32 characters'],
      errorId: 'e-3',
      code: 'BAD_REQUEST',
    });
    renderWithApp(<ResetPasswordPage />, '/reset-password?token=abc');
    await fill('long-enough-pass', 'long-enough-pass');
    expect((await screen.findByTestId('reset-error')).textContent).toBe(
      'This password reset link is invalid or has expired.',
    );
    expect(screen.queryByText(/must be longer/)).toBeNull();
  });

  it('shows the password rule when the server refuses the password by its code', async () => {
    next = fetchAnswer(400, { statusCode: 400, message: 'Weak', errorId: 'e-4', code: 'PASSWORD_COMMON' });
    renderWithApp(<ResetPasswordPage />, '/reset-password?token=tok-1');
    await fill('long-enough-pass', 'long-enough-pass');
    expect((await screen.findByTestId('reset-error')).textContent).toBe(
      'Password must be at least 12 characters long.',
    );
  });

  it('says the link is invalid when it has no token', () => {
    renderWithApp(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});
