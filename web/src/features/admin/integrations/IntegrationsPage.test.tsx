import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { InventoryErrorCode, type AwsIntegrationDto, type ProfileDto } from '@infra/contracts';
import { apiSettled, stubApiRoutes, type StubAnswer } from '../../../testing/apiFetch';
import { accountFixture, organizationFixture, profileFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import IntegrationsPage, { SYNC_POLL_MS } from './IntegrationsPage';

const ROLE_ARN = 'arn:aws:iam::123456789012:role/infra-analytics-read';

const integrationOf = (overrides: Partial<AwsIntegrationDto> = {}): AwsIntegrationDto => ({
  roleArn: ROLE_ARN,
  externalId: 'ia-7f3e9c21',
  regions: [],
  state: 'failed',
  lastRunAt: '2026-11-21T15:47:00.000Z',
  lastSucceededAt: '2026-11-20T15:47:00.000Z',
  lastCounts: { created: 3, updated: 5, seen: 8 },
  lastError: 'The role arn:aws:iam::123456789012:role/infra-analytics-read may not call ec2:DescribeInstances.',
  ...overrides,
});

let profile: ProfileDto;
/** The answers of `GET integrations/aws`, in turn (the last one repeats). */
let integrationAnswers: StubAnswer[];
let syncAnswer: StubAnswer;
let stub: ReturnType<typeof stubApiRoutes>;
let store: ReturnType<typeof renderWithApp>['store'] | undefined;

function profileAs(role: 'Admin' | 'User'): ProfileDto {
  const organization = organizationFixture({ id: 'o1', name: 'Demo East', accountId: 'a1' });
  const account = accountFixture({
    id: 'a1',
    slug: 'demo',
    role,
    timeZone: 'America/New_York',
    organization: [organization],
  });
  return profileFixture({ role, accounts: [account] });
}

function renderPage() {
  store = renderWithApp(<IntegrationsPage />, '/admin/integrations').store;
  return store;
}

beforeEach(() => {
  localStorage.clear();
  profile = profileAs('Admin');
  integrationAnswers = [{ status: 200, body: integrationOf() }];
  syncAnswer = { status: 202, body: integrationOf({ state: 'queued' }) };
  let reads = 0;
  stub = stubApiRoutes({
    'GET /api/v1/users/profile': () => ({ status: 200, body: profile }),
    'GET /api/v1/integrations/aws': () => {
      reads += 1;
      return integrationAnswers[Math.min(reads, integrationAnswers.length) - 1] ?? { status: 500 };
    },
    'PUT /api/v1/integrations/aws': ({ body }) => ({ status: 200, body: integrationOf(body as object) }),
    'POST /api/v1/integrations/aws/sync': () => syncAnswer,
  });
});
afterEach(async () => {
  const current = store;
  if (current) await waitFor(() => expect(apiSettled(current.getState())).toBe(true));
  store = undefined;
  stub.restore();
});

describe('integrations page', () => {
  it("shows the organization's AWS status: last run in the account's time zone, counts, last error", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Integrations', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('aws-last-run')).textContent).toBe('11/21/2026 10:47 AM EST');
    expect(screen.getByTestId('aws-state').textContent).toBe('Failed');
    expect(screen.getByTestId('aws-role-arn').textContent).toBe(ROLE_ARN);
    expect(screen.getByTestId('aws-counts').textContent).toBe('3 created, 5 updated, 8 seen');
    expect(screen.getByTestId('aws-last-error').textContent).toContain('may not call ec2:DescribeInstances');
    expect(screen.getByTestId('aws-trust-help').textContent).toContain('sts:AssumeRole');
    expect(stub.callsTo('GET /api/v1/integrations/aws')[0]?.headers.organizationid).toBe('o1');
  });

  it('refuses a malformed role ARN without asking the server, and saves a valid one', async () => {
    const appStore = renderPage();
    const form = await screen.findByTestId('aws-form');
    const roleArn = within(form).getByLabelText(/Role ARN/);
    fireEvent.change(roleArn, { target: { value: 'arn:aws:iam::123:user/alice' } });
    expect(await within(form).findByText(/Enter an IAM role ARN such as/)).toBeTruthy();
    // Save checks the form asynchronously: the click's act waits until that is done.
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    });
    expect(Object.keys(appStore.getState().api.mutations)).toHaveLength(0);

    fireEvent.change(roleArn, { target: { value: 'arn:aws:iam::210987654321:role/ops/read' } });
    fireEvent.change(within(form).getByLabelText(/Regions/), { target: { value: 'eu-west-1, us-east-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo('PUT /api/v1/integrations/aws')).toHaveLength(1));
    const put = stub.callsTo('PUT /api/v1/integrations/aws')[0];
    expect(put?.body).toEqual({
      roleArn: 'arn:aws:iam::210987654321:role/ops/read',
      externalId: 'ia-7f3e9c21',
      regions: ['eu-west-1', 'us-east-1'],
    });
    expect(put?.headers.organizationid).toBe('o1');
  });

  it('queues a sync, says so, and polls the status until the sync ends', async () => {
    integrationAnswers = [
      { status: 200, body: integrationOf({ state: 'succeeded', lastError: null }) },
      { status: 200, body: integrationOf({ state: 'running', lastError: null }) },
      { status: 200, body: integrationOf({ state: 'succeeded', lastError: null }) },
    ];
    const appStore = renderPage();
    fireEvent.click(await screen.findByTestId('aws-sync'));
    await waitFor(() => expect(stub.callsTo('POST /api/v1/integrations/aws/sync')).toHaveLength(1));
    expect((await screen.findByTestId('aws-sync-active')).textContent).toBe(
      'A sync is running. This page updates when it ends.',
    );
    expect((screen.getByTestId('aws-sync') as HTMLButtonElement).disabled).toBe(true);
    expect(appStore.getState().toasts.items.map((toast) => toast.messageKey)).toContain('integrations.aws.syncQueued');
    await waitFor(() => expect(screen.getByTestId('aws-state').textContent).toBe('Succeeded'), {
      timeout: SYNC_POLL_MS * 5, // a poll or two, however slow the machine
    });
    expect(screen.queryByTestId('aws-sync-active')).toBeNull();
  });

  it('says a sync is already under way when the server refuses one (no toast)', async () => {
    syncAnswer = {
      status: 409,
      body: { statusCode: 409, message: 'x', errorId: 'e1', code: InventoryErrorCode.SyncAlreadyRunning },
    };
    const appStore = renderPage();
    fireEvent.click(await screen.findByTestId('aws-sync'));
    expect((await screen.findByTestId('aws-sync-error')).textContent).toBe('A sync is already queued or running.');
    expect(appStore.getState().toasts.items).toEqual([]);
  });

  it('offers the set-up form when the organization has no integration yet', async () => {
    integrationAnswers = [
      { status: 404, body: { statusCode: 404, message: 'x', code: InventoryErrorCode.IntegrationNotFound } },
    ];
    const appStore = renderPage();
    expect((await screen.findByTestId('aws-none')).textContent).toContain('fill in the form to connect one');
    expect(screen.getByRole('heading', { name: 'Connect an AWS account' })).toBeTruthy();
    expect(appStore.getState().toasts.items).toEqual([]);
  });

  it('shows a User the status read-only', async () => {
    profile = profileAs('User');
    renderPage();
    expect(await screen.findByTestId('aws-status')).toBeTruthy();
    expect(screen.getByTestId('aws-read-only').textContent).toBe(
      'Only an account Admin can change the integration or start a sync.',
    );
    expect(screen.queryByTestId('aws-form')).toBeNull();
    expect(screen.queryByTestId('aws-sync')).toBeNull();
  });
});
