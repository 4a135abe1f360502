import { MESSAGES, TAG_RULE_MESSAGES, type FileAddressDto, type TagImportDto } from '@infra/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../testing/render';
import { selectDemoOrganization, stubGateway, writesOf, type GatewayData } from '../management/pageTestServer';
import { startDownload, uploadFile } from './fileTransfer';
import TagImportPage from './TagImportPage';

// The browser's file transfers are stubbed: the page's steps are under test, not XMLHttpRequest.
jest.mock('./fileTransfer', () => ({
  ...jest.requireActual<object>('./fileTransfer'),
  uploadFile: jest.fn(),
  startDownload: jest.fn(),
}));
const mockedUpload = jest.mocked(uploadFile);
const mockedDownload = jest.mocked(startDownload);

const address = (fileName: string, method: 'PUT' | 'GET'): FileAddressDto => ({
  url: `https://files.example.com/o1/${fileName}?signature=x`,
  method,
  headers: method === 'PUT' ? { 'content-type': 'text/csv' } : {},
  expiresAt: '2026-01-01T00:05:00.000Z',
});

const importOf = (overrides: Partial<TagImportDto>): TagImportDto => ({
  id: 'i1',
  fileName: 'tags.csv',
  userId: 'u1',
  apiKeyId: null,
  status: 'queued',
  recordsImported: 0,
  assignments: 0,
  message: null,
  createdAt: '2026-03-02T15:04:00.000Z',
  completedAt: null,
  ...overrides,
});

const invalid = {
  fileName: 'tags.csv',
  valid: false,
  records: 2,
  message: MESSAGES.importHasIssues,
  issues: [{ lineNumber: 3, dataField: 'value' as const, issue: TAG_RULE_MESSAGES.value }],
};
const valid = { fileName: 'tags.csv', valid: true, records: 3, message: MESSAGES.importValid, issues: [] };

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

/** The stubbed gateway: each validation answers the next of `validations`; the import runs, then completes. */
function openPage(validations: unknown[] = [valid], data: Partial<GatewayData> = {}) {
  let polls = 0;
  gateway = stubGateway({
    writes: { 'POST tags/import': { status: 201, body: importOf({}) } },
    reads: {
      's3/tag-upload/tags.csv': () => ({ status: 200, body: address('tags.csv', 'PUT') }),
      's3/tag-download/tag-import-template.csv': () => ({
        status: 200,
        body: address('tag-import-template.csv', 'GET'),
      }),
      's3/tag-download/old.csv': () => ({ status: 200, body: address('old.csv', 'GET') }),
      'tags/validate/import': () => ({ status: 200, body: validations.shift() }),
      'tags/import/i1': () => {
        polls += 1;
        return {
          status: 200,
          body: importOf(polls < 2 ? { status: 'running' } : { status: 'completed', recordsImported: 3 }),
        };
      },
      'tags/import/i2': () => ({
        status: 200,
        body: importOf({ ...invalid, id: 'i2', fileName: 'mine.csv', status: 'failed', issueCount: 1 }),
      }),
      'tags/import': () => ({
        status: 200,
        body: [
          importOf({ id: 'i0', fileName: 'old.csv', status: 'completed', recordsImported: 7, apiKeyId: 'k1' }),
          importOf({ id: 'i2', fileName: 'mine.csv', status: 'failed', message: MESSAGES.importHasIssues }),
        ],
      }),
    },
    ...data,
  });
  const { store } = renderWithApp(<TagImportPage />, '/admin/tag-library/tag-import');
  selectDemoOrganization(store);
  return store;
}

const csv = (name = 'tags.csv') => new File(['key,value,description\nenv,prod,\n'], name, { type: 'text/csv' });

async function choose(file: File) {
  fireEvent.change(await screen.findByTestId('import-file-input'), { target: { files: [file] } });
}

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe('Tag import: New Import', () => {
  beforeEach(() => {
    mockedUpload.mockImplementation((_address, _file, onProgress) => {
      onProgress(10);
      onProgress(40);
      return Promise.resolve();
    });
  });

  it('refuses a file that is not a .csv before sending anything', async () => {
    openPage();
    await choose(csv('tags.xlsx'));
    expect((await screen.findByTestId('import-upload-problem')).textContent).toBe('Only .csv files can be imported.');
    expect(mockedUpload).not.toHaveBeenCalled();
    expect(gateway.sent.some((request) => request.path.includes('s3/'))).toBe(false);
  });

  it('takes a file dropped on the zone', async () => {
    openPage();
    fireEvent.drop(await screen.findByTestId('import-drop-zone'), { dataTransfer: { files: [csv()] } });
    expect((await screen.findByTestId('import-file-name')).textContent).toBe('File: tags.csv');
  });

  it('says the upload failed when the PUT is refused', async () => {
    mockedUpload.mockRejectedValue(new Error('Forbidden'));
    openPage();
    await choose(csv());
    expect((await screen.findByTestId('import-upload-problem')).textContent).toBe(MESSAGES.uploadError);
  });

  it('says how many issues are not listed when the server cut the list', async () => {
    openPage([{ ...invalid, issueCount: 1500, issueCountByField: { value: 1500 } }]);
    await choose(csv());
    await waitFor(() => expect(button('import-validate').disabled).toBe(false));
    fireEvent.click(button('import-validate'));
    expect((await screen.findByTestId('import-issues-more')).textContent).toBe('…and 1499 more');
    expect(within(screen.getByRole('grid', { name: 'Validation issues' })).getByText('3')).toBeTruthy();
  });

  it('uploads, shows the issues, blocks the import until a corrected file validates, then imports', async () => {
    const store = openPage([invalid, valid]);
    expect(((await screen.findByTestId('import-validate')) as HTMLButtonElement).disabled).toBe(true);
    await choose(csv());
    await waitFor(() => expect(mockedUpload).toHaveBeenCalledTimes(1));
    expect(mockedUpload.mock.calls[0]?.[0]).toEqual(address('tags.csv', 'PUT'));
    expect(await screen.findByTestId('import-file-name')).toBeTruthy();
    expect(button('import-submit').disabled).toBe(true);

    // Step 2: the file has an issue.
    fireEvent.click(button('import-validate'));
    expect((await screen.findByTestId('import-validation-message')).textContent).toBe(MESSAGES.importHasIssues);
    const validation = gateway.sent.find((request) => request.path === '/api/v1/tags/validate/import');
    // The organization travels in the header: the tagging service refuses it in the query.
    expect(Object.fromEntries(validation?.search ?? [])).toEqual({ fileName: 'tags.csv' });
    expect(validation?.headers.organizationid).toBe('o1');
    const issues = screen.getByRole('grid', { name: 'Validation issues' });
    for (const header of ['Line number', 'Data field', 'Issue']) expect(within(issues).getByText(header)).toBeTruthy();
    expect(within(issues).getByText('3')).toBeTruthy();
    expect(within(issues).getByText('Value')).toBeTruthy();
    expect(within(issues).getByText(TAG_RULE_MESSAGES.value)).toBeTruthy();
    expect(button('import-submit').disabled).toBe(true);

    // A corrected file validates.
    fireEvent.click(button('import-restart'));
    await choose(csv());
    await waitFor(() => expect(button('import-validate').disabled).toBe(false));
    fireEvent.click(button('import-validate'));
    await waitFor(() => expect(screen.getByTestId('import-validation-message').textContent).toBe(MESSAGES.importValid));
    expect(screen.queryByRole('grid', { name: 'Validation issues' })).toBeNull();

    // Step 3: the import runs and is polled until it completes.
    fireEvent.click(button('import-submit'));
    const importStarted = () =>
      store.getState().toasts.items.filter((toast) => toast.messageKey === 'tags.toasts.importStarted');
    await waitFor(() => expect(importStarted().map((toast) => toast.dismissed)).toEqual([false]));
    expect((await screen.findByTestId('import-result')).textContent).toBe(MESSAGES.importSucceeded(3));
    expect(writesOf(gateway.sent)).toEqual([['POST tags/import?fileName=tags.csv', undefined]]);
    expect(gateway.sent.filter((request) => request.path === '/api/v1/tags/import/i1').length).toBeGreaterThanOrEqual(
      2,
    );
    // "Import started" is not left beside the result.
    expect(importStarted().map((toast) => toast.dismissed)).toEqual([true]);
  });

  it('keeps the uploaded file while Past Imports is looked at', async () => {
    openPage();
    await choose(csv());
    expect((await screen.findByTestId('import-file-name')).textContent).toBe('File: tags.csv');
    fireEvent.click(screen.getByTestId('import-tab-past'));
    await screen.findByRole('grid', { name: 'Past Imports' });
    fireEvent.click(screen.getByTestId('import-tab-new'));
    expect(screen.getByTestId('import-file-name').textContent).toBe('File: tags.csv');
    expect(button('import-validate').disabled).toBe(false);
  });

  it('downloads the template through a fresh address', async () => {
    openPage();
    fireEvent.click(await screen.findByTestId('import-template'));
    await waitFor(() =>
      expect(mockedDownload).toHaveBeenCalledWith(address('tag-import-template.csv', 'GET'), 'tag-import-template.csv'),
    );
  });
});

describe('Tag import: Past Imports', () => {
  it('lists past imports with their file, user, date, records and status, and downloads a file', async () => {
    openPage();
    fireEvent.click(await screen.findByTestId('import-tab-past'));
    const grid = await screen.findByRole('grid', { name: 'Past Imports' });
    expect(await within(grid).findByText('old.csv')).toBeTruthy();
    expect(within(grid).getByText('API key k1')).toBeTruthy();
    // The user ID is the email (§3).
    expect(within(grid).getByText('ada@example.com')).toBeTruthy();
    expect(within(grid).getByText('7')).toBeTruthy();
    expect(within(grid).getByText('Completed')).toBeTruthy();
    expect(within(grid).getAllByText(/^03\/02\/2026 \d\d:04 [AP]M /)).toHaveLength(2);
    fireEvent.click(within(grid).getByRole('button', { name: 'Download old.csv' }));
    await waitFor(() => expect(mockedDownload).toHaveBeenCalledWith(address('old.csv', 'GET'), 'old.csv'));
  });

  it('says why an import failed: its reason and its issues', async () => {
    openPage();
    fireEvent.click(await screen.findByTestId('import-tab-past'));
    const grid = await screen.findByRole('grid', { name: 'Past Imports' });
    fireEvent.click(await within(grid).findByRole('button', { name: 'Why mine.csv was not imported' }));
    const dialog = await screen.findByRole('dialog', { name: 'mine.csv was not imported' });
    expect((await within(dialog).findByTestId('import-result')).textContent).toBe(MESSAGES.importHasIssues);
    const issues = within(dialog).getByRole('grid', { name: 'Validation issues' });
    expect(within(issues).getByText(TAG_RULE_MESSAGES.value)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
