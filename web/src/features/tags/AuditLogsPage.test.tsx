import type { AuditDetail, AuditLogEntryDto } from '@infra/contracts';
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
  detailCode: 'text',
  detailParams: { text: `Entry ${index}` },
  detail: `Entry ${index}`,
  tagId: 't1',
}));

const entry = (detail: AuditDetail, index = 0): AuditLogEntryDto => ({
  ...entries[0]!,
  id: `d${index}`,
  ...detail,
  detail: `The service's English ${index}`,
});

/** One entry of each code, as the tagging service answers them. */
const coded: AuditLogEntryDto[] = (
  [
    { detailCode: 'tagDescriptionChanged', detailParams: { tag: 'env:prod' } },
    { detailCode: 'tagAssigned', detailParams: { tag: 'env:prod', count: 1 } },
    { detailCode: 'tagUnassigned', detailParams: { tag: 'env:prod', count: 1200 } },
    { detailCode: 'tagsImported', detailParams: { count: 5000, file: 'fleet.csv' } },
    {
      detailCode: 'ruleUpdated',
      detailParams: {
        rule: 'Web',
        previousName: 'Web tier',
        tag: 'tier:web',
        conditions: { sites: ['us-east-1a', 'us-east-1b'], namePattern: 'web-*', collections: 2 },
        enabled: false,
      },
    },
    { detailCode: 'ruleApplied', detailParams: { rule: 'Web', tag: 'tier:web', count: 2, matched: 3 } },
  ] satisfies AuditDetail[]
).map((detail, index) => entry(detail, index));

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

function openPage(id: string, logs: AuditLogEntryDto[] = entries, language: 'en' | 'fr' = 'en') {
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
    { language },
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

  it("renders each entry's detail from its code and parameters in the reader's language", async () => {
    openPage('t1', coded);
    const grid = await screen.findByRole('grid', { name: 'Audit Logs' });
    for (const text of [
      'Changed the description of env:prod',
      'Assigned env:prod to 1 asset',
      'Removed env:prod from 1,200 assets',
      'Imported 5,000 tags from fleet.csv',
      'Changed the rule Web (formerly Web tier): assigns tier:web when site in (us-east-1a, us-east-1b), name like web-*, in 2 collections (disabled)',
      'Applied the rule Web: tier:web assigned to 2 assets (matching assets: 3)',
    ])
      expect(await within(grid).findByText(text)).toBeTruthy();
    expect(within(grid).queryByText(/The service's English/)).toBeNull();
  });

  it('renders the details in French for a French reader', async () => {
    openPage('t1', coded, 'fr');
    // (The matcher reads the cells with their spaces normalized: French groups digits with a narrow space.)
    const grid = await screen.findByRole('grid', { name: "Journaux d'audit" });
    for (const text of [
      "Modification de la description de l'étiquette env:prod",
      'Étiquette env:prod assignée à 1 actif',
      'Étiquette env:prod retirée de 1 200 actifs',
      '5 000 étiquettes importées depuis fleet.csv',
      'Modification de la règle Web (anciennement Web tier) : assigne tier:web quand site parmi (us-east-1a, us-east-1b), nom de la forme web-*, dans 2 collections (désactivée)',
      'Application de la règle Web : tier:web assignée à 2 actifs (actifs correspondants : 3)',
    ])
      expect(await within(grid).findByText(text)).toBeTruthy();
    expect(within(grid).queryByText(/Changed|Assigned|Removed|Imported/)).toBeNull();
  });

  it('shows an old entry it has no code for, and a code it does not know yet, as the stored text', async () => {
    const unknown = { ...entry({ detailCode: 'tagArchived', detailParams: { tag: 'env:prod' } }, 9) };
    (unknown as { detailCode: string }).detailCode = 'somethingNew';
    openPage('t1', [entries[1]!, unknown], 'fr');
    const grid = await screen.findByRole('grid', { name: "Journaux d'audit" });
    expect(await within(grid).findByText('Entry 1')).toBeTruthy();
    expect(within(grid).getByText("The service's English 9")).toBeTruthy();
  });
});
