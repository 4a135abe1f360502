import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberDto } from '@infra/contracts';
import { currentAccountFixture, memberFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import type { MemberRef } from '../../account/accountApi';
import MembersPage, { MembersTable } from './MembersPage';

let mockMembers: MemberDto[] = [];
const mockRemoved: MemberRef[] = [];
jest.mock('../../account/accountApi', () => {
  const idle = () => [() => Promise.resolve({ data: undefined }), { isLoading: false }];
  return {
    useGetMembersQuery: () => ({ data: mockMembers, isLoading: false }),
    useAddMemberMutation: idle,
    useUpdateMemberRoleMutation: idle,
    useRemoveMemberMutation: () => [
      (ref: MemberRef) => {
        mockRemoved.push(ref);
        return Promise.resolve({ data: undefined });
      },
      { isLoading: false },
    ],
  };
});

let mockCurrent: ReturnType<typeof currentAccountFixture>;
jest.mock('../../account/useCurrentAccount', () => ({ useCurrentAccount: () => mockCurrent }));

beforeEach(() => {
  mockRemoved.length = 0;
  mockMembers = [
    memberFixture({ userId: 'u1', firstName: 'Ada', lastName: 'Admin', email: 'admin@demo.local', role: 'Admin' }),
    memberFixture({ userId: 'u2', firstName: 'Bob', lastName: 'Builder', email: 'bob@demo.local', mfaEnabled: true }),
  ];
  mockCurrent = currentAccountFixture('Admin');
});

describe('members', () => {
  it('lists the members in the grid', () => {
    renderWithApp(<MembersTable account={{ id: 'a1', name: 'Demo Account' }} canManage />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Ada Admin')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('admin@demo.local')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Admin')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Bob Builder')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('User')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('On')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add member' })).toBeTruthy();
  });

  it('shows the email in the name column of a member without a name', () => {
    mockMembers = [memberFixture({ userId: 'u3', firstName: '', lastName: '', email: 'new@demo.local' })];
    renderWithApp(<MembersTable account={{ id: 'a1', name: 'Demo Account' }} canManage />);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    const nameCell = within(row).getAllByRole('gridcell')[0] as HTMLElement;
    expect(nameCell.textContent).toBe('new@demo.local');
  });

  it('marks a pending invitation as one, with the name the Admin typed or none, and no member controls', () => {
    mockMembers = [
      memberFixture({ userId: 'u1', firstName: 'Ada', lastName: 'Admin', email: 'admin@demo.local', role: 'Admin' }),
      memberFixture({
        userId: '',
        invitationId: 'i1',
        status: 'pending',
        firstName: 'Nina',
        lastName: 'New',
        email: 'nina@demo.local',
      }),
      memberFixture({
        userId: '',
        invitationId: 'i2',
        status: 'pending',
        firstName: '',
        lastName: '',
        email: 'who@demo.local',
      }),
    ];
    renderWithApp(<MembersTable account={{ id: 'a1', name: 'Demo Account' }} canManage />);
    const rows = screen.getAllByRole('row').slice(1) as HTMLElement[];
    const nameOf = (row: HTMLElement) => (within(row).getAllByRole('gridcell')[0] as HTMLElement).textContent;
    expect(nameOf(rows[1] as HTMLElement)).toBe('Nina NewPending invitation');
    // Without a typed name: the mark alone (the email has its own column), never the email as a name.
    expect(nameOf(rows[2] as HTMLElement)).toBe('Pending invitation');
    expect(within(rows[2] as HTMLElement).getByText('who@demo.local')).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Nina New|who@demo\.local/ })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Remove Ada Admin' })).toBeTruthy();
  });

  it('asks for confirmation before removing a member', async () => {
    renderWithApp(<MembersTable account={{ id: 'a1', name: 'Demo Account' }} canManage />);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove Bob Builder' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Remove Bob Builder from Demo Account? They will lose access to the account.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mockRemoved).toEqual([]);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove Bob Builder' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mockRemoved).toEqual([{ accountId: 'a1', userId: 'u2' }]);
  });

  it('shows no edit controls without the right to manage', () => {
    renderWithApp(<MembersTable account={{ id: 'a1', name: 'Demo Account' }} canManage={false} />);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('menuitem', { name: 'Remove Bob Builder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
  });

  it('tells a User whom to ask instead of listing members', () => {
    mockCurrent = currentAccountFixture('User');
    renderWithApp(<MembersPage />, '/admin/account/members');
    expect(screen.getByTestId('members-read-only').textContent).toContain('contact your admin or support');
    expect(within(screen.getByTestId('members-read-only')).getByTestId('support-email').getAttribute('href')).toBe(
      'mailto:support@infra-analytics.example',
    );
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
