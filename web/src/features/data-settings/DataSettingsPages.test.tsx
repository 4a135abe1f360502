import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AnalyticsErrorCode,
  PRICE_LIST,
  TELEMETRY_FIELDS,
  type FinancialSettingsDto,
  type ProfileDto,
  type TelemetrySettingsDto,
} from '@infra/contracts';
import { apiSettled, stubApiRoutes, type StubAnswer } from '../../testing/apiFetch';
import { accountFixture, organizationFixture, profileFixture } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import { exampleHour, neverReporting, telemetryExamples, validateCurrency } from './dataSettings';
import FinancialPage from './FinancialPage';
import TelemetryPage from './TelemetryPage';

const telemetryOf = (overrides: Partial<TelemetrySettingsDto> = {}): TelemetrySettingsDto => ({
  assets: 12,
  sources: [
    { source: 'api', lastSampleAt: '2026-11-21T15:00:00.000Z', assetsReporting: 7, assetsSilent: 2 },
    { source: 'aws-cloudwatch', lastSampleAt: '2026-11-20T09:00:00.000Z', assetsReporting: 0, assetsSilent: 4 },
  ],
  ingest: {
    path: '/api/v1/telemetry',
    maxSamplesPerCall: 50_000,
    maxBodyBytes: 16 * 1024 * 1024,
    fields: TELEMETRY_FIELDS,
  },
  ...overrides,
});

const financialOf = (overrides: Partial<FinancialSettingsDto> = {}): FinancialSettingsDto => ({
  currency: 'USD',
  priceListFallback: true,
  priceList: PRICE_LIST,
  ...overrides,
});

let profile: ProfileDto;
let telemetryAnswer: StubAnswer;
let financial: FinancialSettingsDto;
let putAnswer: ((body: unknown) => StubAnswer) | undefined;
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

beforeEach(() => {
  localStorage.clear();
  profile = profileAs('Admin');
  telemetryAnswer = { status: 200, body: telemetryOf() };
  financial = financialOf();
  putAnswer = undefined;
  stub = stubApiRoutes({
    'GET /api/v1/users/profile': () => ({ status: 200, body: profile }),
    'GET /api/v1/data/telemetry': () => telemetryAnswer,
    'GET /api/v1/data/financial': () => ({ status: 200, body: financial }),
    'PUT /api/v1/data/financial': ({ body }) => {
      if (putAnswer) return putAnswer(body);
      financial = { ...financial, ...(body as object) };
      return { status: 200, body: financial };
    },
  });
});
afterEach(async () => {
  const current = store;
  if (current) await waitFor(() => expect(apiSettled(current.getState())).toBe(true));
  store = undefined;
  stub.restore();
});

describe('telemetry page', () => {
  it("shows each source's freshness in the account's time zone and how to send telemetry", async () => {
    store = renderWithApp(<TelemetryPage />, '/admin/telemetry').store;
    expect(await screen.findByRole('heading', { name: 'Telemetry', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('telemetry-assets')).textContent).toBe('Assets in this organization: 12');

    const api = screen.getByTestId('telemetry-source-api');
    expect(within(api).getByRole('heading', { name: 'API (scripts and collectors)' })).toBeTruthy();
    expect(within(api).getByTestId('telemetry-last-sample').textContent).toBe('Last sample11/21/2026 10:00 AM EST');
    expect(within(api).getByTestId('telemetry-reporting').textContent).toBe('Assets reporting (last 24 h)7');
    expect(within(api).getByTestId('telemetry-silent').textContent).toBe('Assets silent for more than 24 h2');
    expect(within(api).getByTestId('telemetry-never').textContent).toBe('Assets never reporting3');
    const aws = screen.getByTestId('telemetry-source-aws-cloudwatch');
    expect(within(aws).getByTestId('telemetry-never').textContent).toBe('Assets never reporting8');
    expect(screen.queryByTestId('telemetry-empty')).toBeNull();

    expect(screen.getByRole('link', { name: 'Admin → Account → Security' }).getAttribute('href')).toBe(
      '/admin/account/security',
    );
    expect(screen.getByTestId('telemetry-endpoint').textContent).toBe('POST /api/v1/telemetry');
    expect(screen.getByTestId('telemetry-limits').textContent).toBe(
      'Up to 50,000 hourly samples per call and 16 MiB per request body, as JSON or CSV.',
    );
    for (const field of TELEMETRY_FIELDS)
      expect(within(screen.getByTestId('telemetry-fields')).getByText(field)).toBeTruthy();
    const json = screen.getByTestId('telemetry-json').textContent ?? '';
    expect(json).toContain("-H 'Authorization: Bearer iak_…'");
    expect(json).toContain("-H 'organizationid: o1'");
    expect(json).toContain('"samples": [');
    expect(screen.getByTestId('telemetry-csv').textContent).toContain("-H 'content-type: text/csv'");
    expect(stub.callsTo('GET /api/v1/data/telemetry')[0]?.headers.organizationid).toBe('o1');
  });

  it('says it in French, with the units and the state of a source in French', async () => {
    store = renderWithApp(<TelemetryPage />, '/admin/telemetry', { language: 'fr' }).store;
    const api = await screen.findByTestId('telemetry-source-api');
    expect(within(api).getByText('En émission')).toBeTruthy();
    expect(within(screen.getByTestId('telemetry-source-aws-cloudwatch')).getByText('Silencieuse')).toBeTruthy();
    expect(screen.getByTestId('telemetry-limits').textContent).toContain('16 Mio');
    expect(screen.getByTestId('telemetry-limits').textContent).not.toContain('MiB');
  });

  it('says so when no telemetry was received yet', async () => {
    telemetryAnswer = { status: 200, body: telemetryOf({ sources: [] }) };
    store = renderWithApp(<TelemetryPage />, '/admin/telemetry').store;
    expect((await screen.findByTestId('telemetry-empty')).textContent).toBe('No telemetry received yet');
    expect(screen.queryByTestId('telemetry-source-api')).toBeNull();
    // How to send stays: it is what an organization without telemetry needs.
    expect(screen.getByRole('heading', { name: 'How to send telemetry' })).toBeTruthy();
  });
});

describe('financial page', () => {
  it('refuses a currency that is not three capital letters without asking, and saves CAD', async () => {
    const appStore = renderWithApp(<FinancialPage />, '/admin/financial').store;
    store = appStore;
    const form = await screen.findByTestId('financial-form');
    const currency = within(form).getByLabelText(/Currency/) as HTMLInputElement;
    expect(currency.value).toBe('USD');
    expect(screen.getByTestId('financial-fallback-help').textContent).toBe(
      "An hour without a reported cost is priced at its instance type's list price; turning this on or off re-prices the organization's history in the background.",
    );

    fireEvent.change(currency, { target: { value: 'usd' } });
    expect(await within(form).findByText('Enter three capital letters (ISO 4217), such as USD or CAD.')).toBeTruthy();
    // Save checks the form asynchronously: the click's act waits until that is done.
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    });
    expect(stub.callsTo('PUT /api/v1/data/financial')).toHaveLength(0);

    fireEvent.change(currency, { target: { value: 'CAD' } });
    await waitFor(() =>
      expect(within(form).queryByText('Enter three capital letters (ISO 4217), such as USD or CAD.')).toBeNull(),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo('PUT /api/v1/data/financial')).toHaveLength(1));
    const put = stub.callsTo('PUT /api/v1/data/financial')[0];
    expect(put?.body).toEqual({ currency: 'CAD' });
    expect(put?.headers.organizationid).toBe('o1');
    await waitFor(() =>
      expect(appStore.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['toast.saved']),
    );
    // The stored settings are read again and fill the form.
    await waitFor(() => expect(stub.callsTo('GET /api/v1/data/financial')).toHaveLength(2));
    expect((within(screen.getByTestId('financial-form')).getByLabelText(/Currency/) as HTMLInputElement).value).toBe(
      'CAD',
    );
  });

  it('turns the price-list fallback off alone, and shows a refusal of the server under the field', async () => {
    store = renderWithApp(<FinancialPage />, '/admin/financial').store;
    const form = await screen.findByTestId('financial-form');
    fireEvent.click(within(form).getByRole('switch', { name: /Price hours without a reported cost/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo('PUT /api/v1/data/financial')).toHaveLength(1));
    expect(stub.callsTo('PUT /api/v1/data/financial')[0]?.body).toEqual({ priceListFallback: false });

    putAnswer = () => ({
      status: 400,
      body: { statusCode: 400, message: 'x', errorId: 'e1', code: AnalyticsErrorCode.FinancialSettingsInvalid },
    });
    // The saved settings are read again and start a new form (Save sends after checking the form asynchronously, so
    // the old one can still be there): the refusal is asked of the new one.
    await waitFor(() => expect(screen.getByTestId('financial-form')).not.toBe(form));
    const again = screen.getByTestId('financial-form');
    fireEvent.change(within(again).getByLabelText(/Currency/), { target: { value: 'XYZ' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByText('Enter three capital letters (ISO 4217), such as USD or CAD.')).toBeTruthy();
  });

  it('lists the price list with a dollar sign, cores, GHz and generation', async () => {
    financial = financialOf({ currency: 'EUR' });
    store = renderWithApp(<FinancialPage />, '/admin/financial').store;
    const grid = await screen.findByRole('grid', { name: 'Price list' });
    const row = (await within(grid).findByText('m6i.large')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('$0.0960')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('3.5')).toBeTruthy();
    expect(within(row).getByText('Current')).toBeTruthy();
    expect(screen.getByTestId('price-list-source').textContent).toContain('Prices in USD.');
  });

  it("captions the price list in the reader's language, from its data", async () => {
    store = renderWithApp(<FinancialPage />, '/admin/financial').store;
    expect((await screen.findByTestId('price-list-source')).textContent).toBe(
      'AWS EC2 on-demand Linux prices, us-east-1, shipped with the product: the cost fallback and the industry unit cost. Prices in USD.',
    );
  });

  it('captions the price list in French', async () => {
    store = renderWithApp(<FinancialPage />, '/admin/financial', { language: 'fr' }).store;
    expect((await screen.findByTestId('price-list-source')).textContent).toBe(
      'Prix AWS EC2 à la demande pour Linux, us-east-1, fournis avec le produit : coût de repli et coût unitaire du secteur. Prix en USD.',
    );
  });

  it('shows a User the settings read-only, without Save', async () => {
    profile = profileAs('User');
    store = renderWithApp(<FinancialPage />, '/admin/financial').store;
    const form = await screen.findByTestId('financial-form');
    expect((within(form).getByLabelText(/Currency/) as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByTestId('financial-read-only').textContent).toBe(
      'Only an account Admin can change the financial settings.',
    );
  });
});

describe('data settings helpers', () => {
  it('counts the assets that never sent through a source, never below 0', () => {
    expect(neverReporting(12, { assetsReporting: 7, assetsSilent: 2 })).toBe(3);
    expect(neverReporting(5, { assetsReporting: 4, assetsSilent: 3 })).toBe(0);
  });

  it('takes three capital letters as a currency', () => {
    expect(validateCurrency('CAD')).toBeUndefined();
    expect(validateCurrency('usd')).toBe('invalid');
    expect(validateCurrency('EURO')).toBe('invalid');
    expect(validateCurrency(' ')).toBe('required');
  });

  it('gives examples for the hour before now, whose JSON body is valid', () => {
    const hour = exampleHour(new Date('2026-11-21T15:47:12.345Z'));
    expect(hour).toBe('2026-11-21T14:00:00Z');
    const { json, csvFile } = telemetryExamples('https://example.com/api/v1/telemetry', 'o1', hour);
    const body = /--data '([^']*)'$/.exec(json)?.[1] ?? '';
    expect(JSON.parse(body)).toMatchObject({
      samples: [
        { hour, cpuUtil: 42.5 },
        { hour, cpuUtil: 7.25 },
      ],
    });
    expect(csvFile.split('\n')[0]).toBe('externalId,hour,cpuUtil,memUtil,cost');
  });
});
