import type { MfaEnrollmentDto } from '@infra/contracts';
import { api } from '../../api/api';
import { registerEndpointToasts } from '../../api/toastListener';

export interface MfaCodeRequest {
  code: string;
}

/** The caller's own multi-factor authentication: enrol (a pending secret), verify the first code, disable. */
export const mfaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A GET that starts a new enrolment each time: a mutation, so nothing is cached. */
    enrollMfa: build.mutation<MfaEnrollmentDto, void>({
      query: () => ({ url: 'users/enroll-mfa', method: 'GET' }),
    }),
    verifyMfa: build.mutation<{ mfaEnabled: true }, MfaCodeRequest>({
      query: (body) => ({ url: 'users/verify-mfa', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    disableMfa: build.mutation<{ mfaEnabled: false }, MfaCodeRequest>({
      query: (body) => ({ url: 'users/disable-mfa', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

// A wrong code is shown inline by the code form, not as a toast as well.
registerEndpointToasts('verifyMfa', { successKey: 'security.enabledToast', inlineError: true });
registerEndpointToasts('disableMfa', { successKey: 'security.disabledToast', inlineError: true });

export const { useEnrollMfaMutation, useVerifyMfaMutation, useDisableMfaMutation } = mfaApi;
