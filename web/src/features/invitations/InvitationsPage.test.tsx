import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PendingInvitationDto } from '@infra/contracts';
import { renderWithApp } from '../../testing/render';
import InvitationsPage from './InvitationsPage';

let mockInvitations: PendingInvitationDto[] = [];
const mockCalls: string[] = [];
jest.mock('./invitationsApi', () => {
  const mutation = (name: string) => () => [
    (arg: string) => {
      mockCalls.push(`${name}:${arg}`);
      return Promise.resolve({ data: undefined });
    },
    { isLoading: false },
  ];
  return {
    useGetMyInvitationsQuery: () => ({ data: mockInvitations, isLoading: false }),
    useAcceptInvitationMutation: mutation('accept'),
    useAcceptInvitationByTokenMutation: mutation('acceptByToken'),
    useDeclineInvitationMutation: mutation('decline'),
  };
});

beforeEach(() => {
  mockCalls.length = 0;
  mockInvitations = [
    { id: 'i1', accountId: 'a1', accountName: 'Acme Corp', role: 'Admin', expiresAt: '2030-01-02T00:00:00.000Z' },
  ];
});

describe('InvitationsPage', () => {
  it('lists pending invitations with the account and role, and accepts or declines one', async () => {
    renderWithApp(<InvitationsPage />, '/invitations');
    const row = screen.getByTestId('invitation-i1');
    expect(row.textContent).toContain('Acme Corp');
    expect(row.textContent).toContain('Role: Admin');
    fireEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(mockCalls).toEqual(['accept:i1', 'decline:i1']));
  });

  it('says so when there are none', () => {
    mockInvitations = [];
    renderWithApp(<InvitationsPage />, '/invitations');
    expect(screen.getByTestId('no-invitations').textContent).toBe('You have no pending invitations.');
  });

  it('accepts the invitation of a mailed link only on a click, then drops the token from the address', async () => {
    mockInvitations = [];
    renderWithApp(<InvitationsPage />, '/invitations?token=abc123');
    expect(mockCalls).toEqual([]);
    fireEvent.click(within(screen.getByTestId('invitation-link')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(mockCalls).toEqual(['acceptByToken:abc123']));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/invitations'));
    expect(screen.queryByTestId('invitation-link')).toBeNull();
  });
});
