import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubApiFetch, type StubRoutes } from '../../testing/apiFetch';
import { accountFixture, organizationFixture, profileFixture } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import { analysisRoutes } from '../analytics/analyticsTestData';
import { selectDemoOrganization, stubGateway } from '../management/pageTestServer';
import HomePage from './HomePage';

let gateway: { restore: () => void };
// The selection is remembered in local storage: each test starts with none.
beforeEach(() => window.localStorage.clear());
afterEach(() => gateway.restore());

/** The organization's analyses as the gateway stub's extra reads (paths without /api/v1/). */
function organizationReads(): StubRoutes {
  return Object.fromEntries(
    Object.entries(analysisRoutes('/api/v1/organizations')).map(([route, answer]) => [
      route.replace('GET /api/v1/', ''),
      answer,
    ]),
  );
}

describe('home', () => {
  it("greets the user, keeps the tags widget, and shows the organization's dashboard with its highlights", async () => {
    gateway = stubGateway({ reads: organizationReads() });
    const { store } = renderWithApp(<HomePage />);
    selectDemoOrganization(store);
    expect(screen.getByTestId('home-greeting')).toBeTruthy();
    expect(screen.getByText('Welcome back.')).toBeTruthy();
    expect(screen.getByTestId('tags-widget')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Dashboard filters' })).toBeTruthy();
    const highlights = await screen.findByRole('region', { name: 'Highlights' });
    // The slides turn every few seconds (real time: a slow machine may see the second first). Hold them by hovering,
    // then read each one with Next.
    const slide = await within(highlights).findByTestId('highlight-slide');
    fireEvent.mouseEnter(within(highlights).getByRole('group', { name: 'Highlights' }));
    const count = Number(/of (\d+)/.exec(slide.getAttribute('aria-label') ?? '')?.[1] ?? 1);
    const shown: string[] = [];
    for (let step = 0; step < count; step += 1) {
      shown.push(within(highlights).getByTestId('highlight-slide').textContent ?? '');
      fireEvent.click(within(highlights).getByRole('button', { name: 'Next highlight' }));
    }
    expect(shown.some((text) => text.includes('web-01'))).toBe(true);
    for (const name of ['System Attributes', 'System Ratings', 'Business Overview'])
      expect(await screen.findByRole('region', { name })).toBeTruthy();
    expect((await screen.findByTestId('overview-total-cost')).textContent).toBe('Total cost$1,234.50');
  });
});

describe('home of a user with pending invitations', () => {
  const invitation = {
    id: 'i1',
    accountId: 'a9',
    accountName: 'Acme Corp',
    role: 'User',
    expiresAt: '2030-01-02T00:00:00.000Z',
  };

  /** A signed-in user who belongs to no account until they accept `invitation`. */
  function stubNewMember(invitations: (typeof invitation)[]) {
    let accepted = false;
    const stub = stubApiFetch((request) => {
      const path = request.path.replace(/^\/api\/v1\//, '');
      if (request.method === 'POST' && path === 'users/invitations/i1/accept') {
        accepted = true;
        return { status: 200, body: { accountId: 'a9', accountSlug: 'acme', role: 'User' } };
      }
      if (path === 'users/profile') {
        const accounts = accepted
          ? [
              accountFixture({
                id: 'a9',
                name: 'Acme Corp',
                slug: 'acme',
                organization: [organizationFixture({ id: 'o9', name: 'Acme Main', accountId: 'a9' })],
              }),
            ]
          : [];
        return { status: 200, body: profileFixture({ firstName: 'Nina', accounts }) };
      }
      if (path === 'users/invitations') return { status: 200, body: accepted ? [] : invitations };
      return { status: 404, body: { statusCode: 404, message: 'Not found' } };
    });
    gateway = stub;
    return stub;
  }

  it('lists them with Accept and Decline instead of a dashboard when the user has no organization yet', async () => {
    const stub = stubNewMember([invitation]);
    const { store } = renderWithApp(<HomePage />);
    const card = await screen.findByTestId('home-invitations');
    const row = await within(card).findByTestId('invitation-i1');
    expect(row.textContent).toContain('Acme Corp');
    expect(row.textContent).toContain('Role: User');
    expect(screen.queryByTestId('tags-widget')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Dashboard filters' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    // Accepting makes the user a member: the profile is read again and its first organization selected.
    await waitFor(() => expect(store.getState().selectedOrganization.id).toBe('o9'));
    expect(stub.sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/api/v1/users/invitations/i1/accept',
    ]);
    await waitFor(() => expect(screen.queryByTestId('home-invitations')).toBeNull());
    expect(screen.getByTestId('tags-widget')).toBeTruthy();
  });

  it('tells a user with no organization and no invitation whom to ask', async () => {
    stubNewMember([]);
    renderWithApp(<HomePage />);
    const hint = await screen.findByTestId('home-no-account');
    expect(hint.textContent).toContain('No Accounts Found');
    expect(hint.textContent).toContain('Ask an admin of your account to add you');
  });

  it('leads a member of an organization to the invitations page', async () => {
    gateway = stubGateway({
      reads: { ...organizationReads(), 'users/invitations': () => ({ status: 200, body: [invitation] }) },
    });
    const { store } = renderWithApp(<HomePage />);
    selectDemoOrganization(store);
    const notice = await screen.findByTestId('home-invitations-notice');
    expect(notice.textContent).toContain('(1)');
    fireEvent.click(within(notice).getByRole('link', { name: 'View invitations' }));
    expect(screen.getByTestId('location').textContent).toBe('/invitations');
    expect(screen.queryByTestId('home-invitations')).toBeNull();
  });
});
