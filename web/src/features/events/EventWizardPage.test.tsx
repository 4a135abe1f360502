import { format, parse } from 'date-fns';
import { BUSINESS_EVENT_RULE_MESSAGES } from '@infra/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { renderWithApp } from '../../testing/render';
import {
  assetFixture,
  collectionFixture,
  selectDemoOrganization,
  stubGateway,
  tagFixture,
  writesOf,
  type GatewayData,
} from '../management/pageTestServer';
import EventWizardPage from './EventWizardPage';
import { EVENT_ID, eventFixture } from './eventsTestData';

const tags = [
  tagFixture({ id: 't1', key: 'env', value: 'prod' }),
  tagFixture({ id: 't2', key: 'team', value: 'old', status: 'Archived' }),
];
const assets = [assetFixture({ id: 'a1', name: 'web-0001' }), assetFixture({ id: 'a2', name: 'db-0001' })];
const collections = [collectionFixture({ id: 'c1', name: 'Web tier', assetCount: 4 })];

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

function openWizard(path: string, data: Partial<GatewayData> = {}) {
  gateway = stubGateway({ tags, assets, collections, ...data });
  const { store } = renderWithApp(
    <Routes>
      <Route path={ROUTES.eventCreate} element={<EventWizardPage />} />
      <Route path={ROUTES.eventEdit} element={<EventWizardPage />} />
    </Routes>,
    path,
  );
  selectDemoOrganization(store);
  return store;
}

const type = async (testId: string, value: string) => {
  const field = screen.getByTestId(testId);
  // The form checks a field asynchronously as it changes and is left: the act waits until that is done.
  await act(async () => {
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  });
};

/** Types a wall-clock time (`YYYY-MM-DDTHH:mm`) into a date-time picker, as an English reader writes it. */
const typeDate = (testId: string, wallClock: string) =>
  type(testId, format(parse(wallClock, "yyyy-MM-dd'T'HH:mm", new Date()), 'MM/dd/yyyy hh:mm aa'));

async function fillDetails() {
  await screen.findByTestId('event-name');
  await type('event-name', 'Black_Friday');
  await type('event-description', 'Yearly_sale');
  await typeDate('event-start', '2026-11-27T00:00');
  await typeDate('event-end', '2026-11-30T23:59');
}

function chosenTargets(): (string | null)[] {
  const chosen = screen.queryByRole('list', { name: 'Chosen assets and collections' });
  return chosen
    ? within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];
}

/** Picks an option of the collection:asset field, clicking again while the list is re-rendered (see TagAssignPage's test). */
async function pickTarget(search: string, option: RegExp, chip: string) {
  fireEvent.change(screen.getByTestId('tag-target-picker'), { target: { value: search } });
  await waitFor(() => {
    if (!chosenTargets().includes(chip)) fireEvent.click(screen.getByRole('option', { name: option }));
    expect(chosenTargets()).toContain(chip);
  });
}

async function pickTag(tagId: string) {
  fireEvent.mouseDown(screen.getByTestId('event-assign-tags'));
  fireEvent.click(await screen.findByRole('option', { name: tagId }));
}

const created = eventFixture();
const createWrites = (patch: GatewayData['writes'][string]) => ({
  'POST business-events': { status: 201, body: created },
  [`PATCH business-events/${EVENT_ID}`]: patch,
});

describe('Add Event: the details', () => {
  it('shows each rule of §5 in the contract words under its field, and sends nothing', async () => {
    openWizard(ROUTES.eventCreate);
    await screen.findByTestId('event-name');
    expect(screen.getByRole('heading', { name: 'Add Event', level: 1 })).toBeTruthy();

    // Next before anything is typed: the name's and the dates' rules (an empty description is allowed).
    fireEvent.click(screen.getByTestId('event-details-next'));
    expect(await screen.findByText(BUSINESS_EVENT_RULE_MESSAGES.name)).toBeTruthy();
    expect(screen.getByText(BUSINESS_EVENT_RULE_MESSAGES.dates)).toBeTruthy();
    expect(screen.queryByText(BUSINESS_EVENT_RULE_MESSAGES.description)).toBeNull();

    await type('event-name', 'Black Friday');
    expect(screen.getByText(BUSINESS_EVENT_RULE_MESSAGES.name)).toBeTruthy();
    await type('event-name', 'Black_Friday');
    expect(screen.queryByText(BUSINESS_EVENT_RULE_MESSAGES.name)).toBeNull();
    await type('event-description', 'a yearly sale');
    expect(screen.getByText(BUSINESS_EVENT_RULE_MESSAGES.description)).toBeTruthy();
    expect(BUSINESS_EVENT_RULE_MESSAGES.name).toBe(
      'Name must be unique and only alphanumeric and _- characters are allowed. Maximum 50 Characters',
    );
    expect(BUSINESS_EVENT_RULE_MESSAGES.dates).toBe(
      'Date(s) are required and end date must be after or equal to the start date',
    );

    // The end before the start.
    await typeDate('event-start', '2026-11-27T00:00');
    await typeDate('event-end', '2026-11-26T23:00');
    expect(screen.getByText(BUSINESS_EVENT_RULE_MESSAGES.dates)).toBeTruthy();
    await typeDate('event-end', '2026-11-27T00:00');
    expect(screen.queryByText(BUSINESS_EVENT_RULE_MESSAGES.dates)).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('event-details-next'));
    });
    expect(writesOf(gateway.sent)).toEqual([]);
  });

  it('says the name is taken, without the character rule, when the server says so', async () => {
    openWizard(ROUTES.eventCreate, {
      writes: {
        'POST business-events': {
          status: 409,
          body: { statusCode: 409, message: 'taken', code: 'BUSINESS_EVENT_NAME_TAKEN' },
        },
      },
    });
    await fillDetails();
    fireEvent.click(screen.getByTestId('event-details-next'));
    expect(await screen.findByText('An event with this name already exists.')).toBeTruthy();
    expect(screen.queryByText(BUSINESS_EVENT_RULE_MESSAGES.name)).toBeNull();
    expect(screen.queryByTestId('event-assign-form')).toBeNull();
  });
});

describe('Add Event: the whole flow', () => {
  it('creates the event, assigns it to a collection, a tag and an asset, and shows the summary', async () => {
    const assigned = eventFixture({
      assignment: { collectionIds: ['c1'], tagIds: ['t1'], assetIds: ['a2'] },
      assetCount: 5,
    });
    const store = openWizard(ROUTES.eventCreate, { writes: createWrites({ status: 200, body: assigned }) });
    await fillDetails();
    fireEvent.click(screen.getByTestId('event-details-next'));
    await screen.findByTestId('event-assign-form');
    expect(writesOf(gateway.sent)).toEqual([
      [
        'POST business-events',
        {
          name: 'Black_Friday',
          description: 'Yearly_sale',
          startDate: '2026-11-27T00:00:00.000Z',
          endDate: '2026-11-30T23:59:00.000Z',
        },
      ],
    ]);

    await pickTarget('web', /Collection: Web tier/, 'Collection: Web tier');
    await pickTarget('db', /db-0001/, 'db-0001');
    await pickTag('env:prod');
    // An archived tag is not offered.
    expect(screen.queryByRole('option', { name: 'team:old' })).toBeNull();
    fireEvent.click(screen.getByTestId('event-assign-submit'));

    const summary = await screen.findByTestId('event-summary');
    expect(writesOf(gateway.sent)[1]).toEqual([
      `PATCH business-events/${EVENT_ID}`,
      { assignment: { collectionIds: ['c1'], tagIds: ['t1'], assetIds: ['a2'] } },
    ]);
    expect(within(summary).getByText('Event assigned')).toBeTruthy();
    expect(within(summary).getByTestId('summary-name').textContent).toBe('Black_Friday');
    expect(within(summary).getByTestId('summary-start').textContent).toBe('11/27/2026 12:00 AM UTC');
    expect(within(summary).getByTestId('summary-collections').textContent).toBe('Web tier');
    expect(within(summary).getByTestId('summary-tags').textContent).toBe('env:prod');
    expect(within(summary).getByTestId('summary-assets').textContent).toBe('db-0001');
    expect(within(summary).getByTestId('summary-resolved').textContent).toBe('Assets the event resolves to: 5');
    expect(within(summary).getByTestId('summary-open-event').getAttribute('href')).toBe(`/admin/events/${EVENT_ID}`);
    expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['toast.saved', 'toast.updated']);
  });

  it('creates the event and skips the assignment: no PATCH, and the summary says so', async () => {
    openWizard(ROUTES.eventCreate, { writes: createWrites({ status: 500, body: {} }) });
    await fillDetails();
    fireEvent.click(screen.getByTestId('event-details-next'));
    await screen.findByTestId('event-assign-form');
    // Assign with nothing chosen asks for a rule or Skip.
    fireEvent.click(screen.getByTestId('event-assign-submit'));
    expect((await screen.findByTestId('event-assign-issue')).textContent).toBe(
      'Choose a collection, a tag or an asset, or Skip.',
    );
    fireEvent.click(screen.getByTestId('event-assign-skip'));
    const summary = await screen.findByTestId('event-summary');
    expect(within(summary).getByText('Event saved without an assignment')).toBeTruthy();
    expect(within(summary).getByTestId('summary-resolved').textContent).toBe('Assets the event resolves to: 0');
    expect(writesOf(gateway.sent).map(([route]) => route)).toEqual(['POST business-events']);
  });

  it('says "An error has occurred. The Event could not be assigned." when the assignment fails', async () => {
    const store = openWizard(ROUTES.eventCreate, {
      writes: createWrites({ status: 500, body: { statusCode: 500, message: 'Internal', errorId: 'e-7' } }),
    });
    await fillDetails();
    fireEvent.click(screen.getByTestId('event-details-next'));
    await screen.findByTestId('event-assign-form');
    await pickTarget('web', /Collection: Web tier/, 'Collection: Web tier');
    fireEvent.click(screen.getByTestId('event-assign-submit'));
    expect((await screen.findByTestId('event-assign-failed')).textContent).toBe(
      'An error has occurred. The Event could not be assigned.',
    );
    // The step stays, with the choice, for another try; the toast says the same, with the error id.
    expect(screen.getByTestId('event-assign-form')).toBeTruthy();
    expect(chosenTargets()).toEqual(['Collection: Web tier']);
    await waitFor(() =>
      expect(store.getState().toasts.items.at(-1)).toMatchObject({
        messageKey: 'events.rules.assignFailed',
        errorId: 'e-7',
        variant: 'error',
        persist: true,
      }),
    );
  });
});

describe('Edit Event', () => {
  it('pre-fills the event and its rules, saves the changed field, then Update replaces the rules', async () => {
    const saved = eventFixture({
      assignment: { collectionIds: ['c1'], tagIds: ['t1'], assetIds: ['a2'] },
      assetCount: 5,
    });
    openWizard(`/admin/events/${EVENT_ID}/edit`, {
      reads: {
        [`business-events/${EVENT_ID}`]: () => ({ status: 200, body: saved }),
        'assets/a2': () => ({ status: 200, body: assets[1] }),
      },
      writes: {
        [`PATCH business-events/${EVENT_ID}`]: { status: 200, body: { ...saved, description: 'Sale_2026' } },
      },
    });
    const name = (await screen.findByTestId('event-name')) as HTMLInputElement;
    expect(screen.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeTruthy();
    expect(name.value).toBe('Black_Friday');
    expect((screen.getByTestId('event-start') as HTMLInputElement).value).toBe('11/27/2026 12:00 AM');
    expect((screen.getByTestId('event-end') as HTMLInputElement).value).toBe('11/30/2026 11:59 PM');
    await type('event-description', 'Sale_2026');
    fireEvent.click(screen.getByTestId('event-details-next'));

    await screen.findByTestId('event-assign-form');
    expect(writesOf(gateway.sent)).toEqual([[`PATCH business-events/${EVENT_ID}`, { description: 'Sale_2026' }]]);
    expect(chosenTargets()).toEqual(['Collection: Web tier', 'db-0001']);
    expect(screen.getByRole('button', { name: 'env:prod' })).toBeTruthy();
    expect(screen.getByTestId('event-assign-submit').textContent).toBe('Update');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Collection: Web tier' }));
    await waitFor(() => expect(chosenTargets()).toEqual(['db-0001']));
    fireEvent.click(screen.getByTestId('event-assign-submit'));

    await screen.findByTestId('event-summary');
    expect(writesOf(gateway.sent)[1]).toEqual([
      `PATCH business-events/${EVENT_ID}`,
      { assignment: { collectionIds: [], tagIds: ['t1'], assetIds: ['a2'] } },
    ]);
    expect(screen.getByTestId('summary-collections').textContent).toBe('None');
  });

  it('sends nothing for unchanged details, and Skip keeps the saved rules', async () => {
    const saved = eventFixture({ assignment: { collectionIds: ['c1'], tagIds: [], assetIds: [] }, assetCount: 4 });
    openWizard(`/admin/events/${EVENT_ID}/edit`, {
      reads: { [`business-events/${EVENT_ID}`]: () => ({ status: 200, body: saved }) },
    });
    await screen.findByTestId('event-name');
    fireEvent.click(screen.getByTestId('event-details-next'));
    await screen.findByTestId('event-assign-form');
    fireEvent.click(screen.getByTestId('event-assign-skip'));
    const summary = await screen.findByTestId('event-summary');
    expect(within(summary).getByText('Event saved; its assignment is unchanged')).toBeTruthy();
    expect(within(summary).getByTestId('summary-collections').textContent).toBe('Web tier');
    expect(within(summary).getByTestId('summary-resolved').textContent).toBe('Assets the event resolves to: 4');
    expect(writesOf(gateway.sent)).toEqual([]);
  });

  it('says "Oops! Event Not Found" for an event that is not there', async () => {
    openWizard(`/admin/events/${EVENT_ID}/edit`);
    expect(await screen.findByText('Oops! Event Not Found')).toBeTruthy();
  });
});
