import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SECURITY_EVENT_KINDS, type SecurityEventDto } from '@infra/contracts';
import en from '../../../../public/locales/en/translation.json';
import fr from '../../../../public/locales/fr/translation.json';
import { currentAccountFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import SecurityLogPage from './SecurityLogPage';
import type { SecurityLogRequest } from './securityLogApi';

const mockRequests: SecurityLogRequest[] = [];
let mockEvents: SecurityEventDto[] = [];
jest.mock('./securityLogApi', () => {
  const actual = jest.requireActual<typeof import('./securityLogApi')>('./securityLogApi');
  return {
    ...actual,
    useGetSecurityEventsQuery: (request: SecurityLogRequest) => {
      mockRequests.push(request);
      return { data: { items: mockEvents, total: mockEvents.length, page: 1, pageSize: 10 }, isFetching: false };
    },
  };
});

let mockCurrent: ReturnType<typeof currentAccountFixture>;
jest.mock('../../account/useCurrentAccount', () => ({ useCurrentAccount: () => mockCurrent }));

const event = (fields: Partial<SecurityEventDto>): SecurityEventDto => ({
  id: 'e1',
  occurredAt: '2026-11-28T10:00:00.000Z',
  kind: 'sign-in',
  outcome: 'success',
  actorUserId: 'u1',
  actorEmail: 'admin@demo.local',
  subject: null,
  clientAddress: '203.0.113.7',
  detail: {},
  ...fields,
});

beforeEach(() => {
  mockRequests.length = 0;
  mockCurrent = currentAccountFixture('Admin');
  mockEvents = [
    event({ id: 'e1', outcome: 'failure', detail: { reason: 'wrong-password' } }),
    event({ id: 'e2', kind: 'role-changed', subject: 'bob@demo.local', detail: { from: 'User', to: 'Admin' } }),
    event({
      id: 'e3',
      kind: 'integration-changed',
      subject: 'arn:aws:iam::123456789012:role/ReadOnly',
      detail: { name: 'Acme Main' },
    }),
  ];
});

describe('security log page', () => {
  it('lists the events with their kind, outcome, actor, address and detail in words', () => {
    renderWithApp(<SecurityLogPage />);
    const rows = screen.getAllByRole('row').slice(1) as HTMLElement[];
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Sign-in')).toBeTruthy();
    expect(within(rows[0]!).getByText('Failure')).toBeTruthy();
    expect(within(rows[0]!).getByText('Wrong password')).toBeTruthy();
    expect(within(rows[0]!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(rows[1]!).getByText('Role changed')).toBeTruthy();
    expect(within(rows[1]!).getByText('bob@demo.local')).toBeTruthy();
    expect(within(rows[1]!).getByText('User → Admin')).toBeTruthy();
    // An AWS integration changed in inventory: the role, and which of the account's organizations.
    expect(within(rows[2]!).getByText('AWS integration changed')).toBeTruthy();
    expect(within(rows[2]!).getByText('arn:aws:iam::123456789012:role/ReadOnly')).toBeTruthy();
    expect(within(rows[2]!).getByText('in Acme Main')).toBeTruthy();
    expect(mockRequests.at(-1)).toEqual({ accountId: 'a1', actor: '', kinds: '', page: 1, pageSize: 10 });
  });

  it('asks for the actor typed (after a pause) and exports the same filter as CSV', async () => {
    renderWithApp(<SecurityLogPage />);
    fireEvent.change(screen.getByTestId('security-log-actor'), { target: { value: ' bob@ ' } });
    await waitFor(() => expect(mockRequests.at(-1)?.actor).toBe('bob@'));
    expect(screen.getByTestId('security-log-export').getAttribute('href')).toBe(
      '/api/v1/accounts/a1/security-events.csv?actor=bob%40',
    );
  });

  it('tells a User that only Admins read it', () => {
    mockCurrent = currentAccountFixture('User');
    renderWithApp(<SecurityLogPage />);
    expect(screen.getByTestId('security-log-read-only').textContent).toContain("Only the account's admins");
    expect(mockRequests).toHaveLength(0);
  });

  it('names every kind the service records, in English and in French', () => {
    for (const catalogue of [en, fr]) {
      const kinds = catalogue.securityLog.kinds as Record<string, string>;
      expect(SECURITY_EVENT_KINDS.filter((kind) => !kinds[kind])).toEqual([]);
    }
  });
});
