import type { InvitationAcceptedDto, PendingInvitationDto } from '@infra/contracts';
import { api } from '../../api/api';
import { registerEndpointToasts } from '../../api/toastListener';

const INVITATIONS = { type: 'User' as const, id: 'INVITATIONS' };

/** The caller's pending invitations to accounts; accepting one makes them a member (the profile changes). */
export const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyInvitations: build.query<PendingInvitationDto[], void>({
      query: () => 'users/invitations',
      providesTags: [INVITATIONS],
    }),
    acceptInvitation: build.mutation<InvitationAcceptedDto, string>({
      query: (id) => ({ url: `users/invitations/${encodeURIComponent(id)}/accept`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [INVITATIONS, 'Profile']),
    }),
    acceptInvitationByToken: build.mutation<InvitationAcceptedDto, string>({
      query: (token) => ({ url: 'users/invitations/accept', method: 'POST', body: { token } }),
      invalidatesTags: (_result, error) => (error ? [] : [INVITATIONS, 'Profile']),
    }),
    declineInvitation: build.mutation<void, string>({
      query: (id) => ({ url: `users/invitations/${encodeURIComponent(id)}/decline`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [INVITATIONS]),
    }),
  }),
});

registerEndpointToasts('acceptInvitation', { successKey: 'invitations.accepted' });
registerEndpointToasts('acceptInvitationByToken', {
  successKey: 'invitations.accepted',
  errorKey: 'invitations.linkInvalid',
});
registerEndpointToasts('declineInvitation', { successKey: 'invitations.declined' });

export const {
  useGetMyInvitationsQuery,
  useAcceptInvitationMutation,
  useAcceptInvitationByTokenMutation,
  useDeclineInvitationMutation,
} = invitationsApi;
