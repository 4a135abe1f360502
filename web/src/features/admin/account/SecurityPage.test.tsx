import { fireEvent, screen } from '@testing-library/react';
import type { MfaEnrollmentDto } from '@infra/contracts';
import { accountFixture, profileFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import SecurityPage from './SecurityPage';

const enrollment: MfaEnrollmentDto = {
  otpauthUri: 'otpauth://totp/Infra%20Analytics:ada@example.com?secret=ABC',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  secret: 'JBSWY3DPEHPK3PXP',
  recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'],
};
const mockVerified: string[] = [];
let mockVerifyAnswer: { data?: unknown; error?: unknown };
jest.mock('../../security/mfaApi', () => ({
  // Like the real mutation hook: the answer is kept in the component's state.
  useEnrollMfaMutation: () => {
    const { useState } = jest.requireActual<typeof import('react')>('react');
    const [data, setData] = useState<MfaEnrollmentDto | undefined>(undefined);
    return [
      () => {
        setData(enrollment);
        return Promise.resolve({ data: enrollment });
      },
      { data, isLoading: false, reset: () => setData(undefined) },
    ];
  },
  useVerifyMfaMutation: () => [
    ({ code }: { code: string }) => {
      mockVerified.push(code);
      return Promise.resolve(mockVerifyAnswer);
    },
    { isLoading: false },
  ],
  useDisableMfaMutation: () => [() => Promise.resolve({ data: { mfaEnabled: false } }), { isLoading: false }],
}));

let mockMfaEnabled = false;
jest.mock('../../account/useCurrentAccount', () => ({
  useCurrentAccount: () => ({
    profile: profileFixture({ mfaEnabled: mockMfaEnabled }),
    account: accountFixture({ name: 'Demo Account' }),
    canManage: true,
    isLoading: false,
  }),
}));

beforeEach(() => {
  mockVerified.length = 0;
  mockMfaEnabled = false;
  mockVerifyAnswer = { data: { mfaEnabled: true } };
});

describe('security page', () => {
  it('shows the QR code, the secret and the recovery codes, then verifies the first code', async () => {
    renderWithApp(<SecurityPage />, '/admin/account/security');
    expect(screen.getByTestId('mfa-status').textContent).toBe('Off');
    fireEvent.click(screen.getByRole('button', { name: 'Set up multi-factor authentication' }));
    expect((await screen.findByRole('img', { name: 'QR code for your authenticator app' })).getAttribute('src')).toBe(
      enrollment.qrCode,
    );
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByText('aaaa-bbbb')).toBeTruthy();

    mockVerifyAnswer = { error: { status: 400, data: { message: 'The verification code is not valid.' } } };
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('The verification code is not valid.')).toBeTruthy();
    expect(mockVerified).toEqual(['000000']);
  });

  it('turns MFA off with a code when it is on', () => {
    mockMfaEnabled = true;
    renderWithApp(<SecurityPage />, '/admin/account/security');
    expect(screen.getByTestId('mfa-status').textContent).toBe('On');
    expect(screen.getByTestId('mfa-disable-form')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up multi-factor authentication' })).toBeNull();
  });
});
