import type { AuditLogEntryDto } from '@infra/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { renderWithApp } from '../../testing/render';
import { selectDemoOrganization, stubGateway, tagFixture } from '../management/pageTestServer';
import { memberFixture } from '../../testing/fixtures';
import AuditLogsPage from './AuditLogsPage';

const entries: AuditLogEntryDto[] = Array.from({ length: 12 }, (_, index) => ({
  id: `e${index}`,
  date: '2026-03-02T15:04:00.000Z',
  userId: `u${index}`,
  apiKeyId: index === 0 ? 'k1' : null,
  activity: index === 0 ? 'tags.assigned' : 'tag.created',
  detail: `Entry ${index}`,
  tagId: 't1',
}));

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

function openPage(id: string, logs: AuditLogEntryDto[] = entries) {
  gateway = stubGateway({
    tags: [tagFixture({ id: 't1', key: 'env', value: 'prod' })],
    reads: {
      'accounts/a1/members': () => ({ status: 200, body: [memberFixture({ userId: 'u2', email: 'bob@example.com' })] }),
      'tags/getTagsEvents': (request) => {
        const page = Number(request.search.get('page'));
        const pageSize = Number(request.search.get('pageSize'));
        const items = logs.slice((page - 1) * pageSize, page * pageSize);
        return { status: 200, body: { items, total: logs.length, page, pageSize } };
      },
    },
  });
  const { store } = renderWithApp(
    <Routes>
      <Route path={ROUTES.adminLogs} element={<AuditLogsPage />} />
    </Routes>,
    `/admin/logs/${id}`,
  );
  selectDemoOrganization(store);
}

const logRequests = () => gateway.sent.filter((request) => request.path === '/api/v1/tags/getTagsEvents');

describe('Audit logs', () => {
  it("shows a tag's entries with date, user or API key and activity, paged on the server", async () => {
    openPage('t1');
    const grid = await screen.findByRole('grid', { name: 'Audit Logs' });
    expect(await within(grid).findByText('Entry 0')).toBeTruthy();
    expect(within(grid).getByText('API key k1')).toBeTruthy();
    expect(within(grid).getByText('Tags assigned')).toBeTruthy();
    // The user ID is the email (§3): the signed-in user's from the profile, the others' from the members.
    expect(await within(grid).findByText('ada@example.com')).toBeTruthy();
    expect(await within(grid).findByText('bob@example.com')).toBeTruthy();
    // An id the members do not list (a removed member) is shown as it is.
    expect(within(grid).getByText('u3')).toBeTruthy();
    expect(within(grid).getAllByText(/^03\/02\/2026 \d\d:04 [AP]M /)).toHaveLength(10);
    expect(await screen.findByText('Activity of the tag env:prod.')).toBeTruthy();
    expect(Object.fromEntries(logRequests()[0]?.search ?? [])).toEqual({ id: 't1', page: '1', pageSize: '10' });

    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(grid).findByText('Entry 11')).toBeTruthy();
    expect(logRequests().at(-1)?.search.get('page')).toBe('2');
  });

  it("shows the organization's entries for the organization's id, and says when there are none", async () => {
    openPage('o1', []);
    expect(await screen.findByText('No logs found')).toBeTruthy();
    expect(screen.getByText('All tagging activity of the organization.')).toBeTruthy();
    await waitFor(() => expect(logRequests()[0]?.search.has('id')).toBe(false));
  });
});
