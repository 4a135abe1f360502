import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MESSAGES } from '@infra/contracts';
import { createTestI18n } from '../testing/i18n';
import {
  admitOutageToast,
  endOutages,
  mutationErrorToast,
  mutationSuccessToast,
  outageKeyOf,
  queryErrorToast,
  serviceOfUrl,
  toastText,
  type OutageLog,
  type ToastContent,
} from './toastRules';

const i18n = createTestI18n();
const t = (key: string, values?: Record<string, string | number>) => i18n.t(key, values);
const text = (toast: ToastContent | null) => (toast ? toastText(toast, t) : null);

const apiError = (status: number, message?: string | string[], errorId?: string): FetchBaseQueryError => ({
  status,
  data: { statusCode: status, ...(message === undefined ? {} : { message }), ...(errorId ? { errorId } : {}) },
});

describe('failed mutations (§8)', () => {
  const coded = (status: number, code: string, message: string): FetchBaseQueryError => ({
    status,
    data: { statusCode: status, message, errorId: 'e-1', code },
  });

  it('maps the error code, not the message text, when the body has one', () => {
    expect(text(mutationErrorToast(coded(409, 'CONFLICT', 'Conflict')))).toBe(
      `${MESSAGES.alreadyExists} (Error ID: e-1)`,
    );
    expect(text(mutationErrorToast(coded(400, 'TAG_ALREADY_EXISTS', 'Bad')))).toBe(
      `${MESSAGES.alreadyExists} (Error ID: e-1)`,
    );
    expect(text(mutationErrorToast(coded(409, 'COLLECTION_NAME_TAKEN', 'Taken')))).toBe(
      `${MESSAGES.alreadyExists} (Error ID: e-1)`,
    );
    expect(text(mutationErrorToast(coded(409, 'VIEW_NAME_TAKEN', 'Taken')))).toBe(
      `${MESSAGES.alreadyExists} (Error ID: e-1)`,
    );
    // A message that happens to say "exists" does not decide when the code says otherwise.
    expect(text(mutationErrorToast(coded(404, 'NOT_FOUND', 'Account does not exist')))).toBe(
      `${MESSAGES.unknownError} (Error ID: e-1)`,
    );
  });

  it("without a code, says the item already exists when the message contains 'exist' or 'duplicate'", () => {
    expect(text(mutationErrorToast(apiError(409, 'Tag key/value already exists')))).toBe(
      'Oops!, the item you are trying to save already exist.',
    );
    expect(text(mutationErrorToast(apiError(400, 'Duplicate view name')))).toBe(
      'Oops!, the item you are trying to save already exist.',
    );
    expect(text(mutationErrorToast(apiError(400, ['name must be unique', 'a duplicate key'])))).toBe(
      MESSAGES.alreadyExists,
    );
  });

  it('says something went wrong otherwise', () => {
    expect(text(mutationErrorToast(apiError(500, 'database down')))).toBe('Something went wrong, please try again.');
    expect(text(mutationErrorToast({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }))).toBe(
      MESSAGES.unknownError,
    );
    expect(text(mutationErrorToast({ message: 'thrown', name: 'Error' }))).toBe(MESSAGES.unknownError);
  });

  it('appends the errorId of the response when present', () => {
    expect(text(mutationErrorToast(apiError(500, 'boom', 'req-7f3a')))).toBe(
      'Something went wrong, please try again. (Error ID: req-7f3a)',
    );
    expect(text(mutationErrorToast(apiError(409, 'already exists', 'req-1')))).toBe(
      'Oops!, the item you are trying to save already exist. (Error ID: req-1)',
    );
  });

  it('stays open until closed', () => {
    expect(mutationErrorToast(apiError(500))).toMatchObject({ variant: 'error', persist: true });
  });

  it('shows nothing for a 401 (the browser goes to login) or a cancelled request', () => {
    expect(mutationErrorToast(apiError(401, 'Unauthorized'))).toBeNull();
    expect(mutationErrorToast({ status: 'CUSTOM_ERROR', error: 'Aborted' })).toBeNull();
  });
});

describe('failed queries (§8)', () => {
  it('shows the query-error text with the errorId appended', () => {
    expect(text(queryErrorToast(apiError(500, 'x')))).toBe(
      'An issue occurred retrieving data. If this reoccurs, please contact support.',
    );
    expect(text(queryErrorToast(apiError(404, 'not found', 'abc-123')))).toBe(
      'An issue occurred retrieving data. If this reoccurs, please contact support. (Error ID: abc-123)',
    );
  });

  it('shows the connection text for a 408 instead', () => {
    expect(text(queryErrorToast(apiError(408)))).toBe(
      'A connection issue occurred. Please check your internet connection...',
    );
    expect(text(queryErrorToast({ status: 'TIMEOUT_ERROR', error: 'TimeoutError' }))).toBe(MESSAGES.networkError);
  });

  it('shows nothing for a 401', () => {
    expect(queryErrorToast(apiError(401))).toBeNull();
    expect(queryErrorToast({ status: 'PARSING_ERROR', originalStatus: 401, data: '<html>', error: 'x' })).toBeNull();
  });

  it('stays open until closed', () => {
    expect(queryErrorToast(apiError(500))).toMatchObject({ variant: 'error', persist: true });
  });
});

describe('successful mutations (§8)', () => {
  it.each([
    ['POST', 'Saved'],
    ['PUT', 'Saved'],
    ['PATCH', 'Updated'],
    ['DELETE', 'Deleted'],
    ['delete', 'Deleted'],
  ])('%s says %s and closes itself', (method, expected) => {
    const toast = mutationSuccessToast(method);
    expect(text(toast)).toBe(expected);
    expect(toast).toMatchObject({ variant: 'success', persist: false });
  });

  it('says nothing for other methods', () => {
    expect(mutationSuccessToast('GET')).toBeNull();
    expect(mutationSuccessToast(undefined)).toBeNull();
  });
});

describe('translations', () => {
  it('hold the spec texts verbatim (same as @infra/contracts)', () => {
    expect(t('toast.unknownError')).toBe(MESSAGES.unknownError);
    expect(t('toast.alreadyExists')).toBe(MESSAGES.alreadyExists);
    expect(t('toast.queryError')).toBe(MESSAGES.queryError);
    expect(t('toast.networkError')).toBe(MESSAGES.networkError);
    expect(t('toast.unavailable')).toBe(MESSAGES.unavailable);
    expect(t('toast.actionCompleted')).toBe(MESSAGES.actionCompleted);
    expect(t('loggedOut.message')).toBe(MESSAGES.signedOut);
    expect(t('notFound.title', { entity: t('notFound.entities.page') })).toBe(MESSAGES.notFound('Page'));
  });
});

describe('outages: one toast per service and error', () => {
  const base = 'http://localhost:8080/api/v1';

  it('names the service that answers a path, as the gateway routes it', () => {
    expect(serviceOfUrl(`${base}/organizations/workload?timeHorizon=30d`)).toBe('analytics');
    expect(serviceOfUrl(`${base}/assets/a1/system-ratings`)).toBe('analytics');
    expect(serviceOfUrl(`${base}/collections/c1/summary`)).toBe('analytics');
    expect(serviceOfUrl(`${base}/data/financial`)).toBe('analytics');
    expect(serviceOfUrl(`${base}/assets?page=1`)).toBe('inventory');
    expect(serviceOfUrl(`${base}/assets/a1/system-attributes`)).toBe('inventory');
    expect(serviceOfUrl(`${base}/views/summary?tagIds=t`)).toBe('inventory');
    expect(serviceOfUrl(`${base}/meta/sidebar`)).toBe('inventory');
    expect(serviceOfUrl(`${base}/organizations`)).toBe('identity');
    expect(serviceOfUrl(`${base}/users/profile`)).toBe('identity');
    expect(serviceOfUrl(`${base}/tags`)).toBe('tagging');
    expect(serviceOfUrl(`${base}/business-events`)).toBe('events');
    expect(serviceOfUrl(undefined)).toBe('unknown');
  });

  it('keys an outage by service and kind, and only failures of a service that does not answer', () => {
    const url = `${base}/organizations/workload`;
    expect(outageKeyOf(apiError(502, 'x', 'e1'), url)).toBe('analytics|unavailable');
    expect(outageKeyOf(apiError(503), url)).toBe('analytics|unavailable');
    expect(outageKeyOf(apiError(504), url)).toBe('analytics|timeout');
    expect(outageKeyOf({ status: 'TIMEOUT_ERROR', error: 'TimeoutError' }, url)).toBe('analytics|timeout');
    expect(outageKeyOf({ status: 'FETCH_ERROR', error: 'TypeError' }, url)).toBe('analytics|network');
    expect(outageKeyOf({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' }, url)).toBe(
      'analytics|unavailable',
    );
    for (const status of [400, 403, 404, 409, 500]) expect(outageKeyOf(apiError(status), url)).toBeUndefined();
    expect(queryErrorToast(apiError(502, 'x', 'e1'), url)).toMatchObject({ outageKey: 'analytics|unavailable' });
    expect(queryErrorToast(apiError(500, 'x', 'e1'), url)).not.toHaveProperty('outageKey');
  });

  it('admits the first report of an outage, then none while reports keep coming within the window', () => {
    const log: OutageLog = {};
    expect(admitOutageToast(log, 'analytics|unavailable', 0, 60_000)).toBe(true);
    expect(admitOutageToast(log, 'analytics|unavailable', 1_000, 60_000)).toBe(false);
    expect(admitOutageToast(log, 'inventory|unavailable', 1_000, 60_000)).toBe(true);
    expect(admitOutageToast(log, 'analytics|timeout', 1_000, 60_000)).toBe(true);
    // Each report moves the window: 50 s after the last one is still the same outage.
    expect(admitOutageToast(log, 'analytics|unavailable', 51_000, 60_000)).toBe(false);
    expect(admitOutageToast(log, 'analytics|unavailable', 111_000, 60_000)).toBe(true);
    // A service that answered: its next failure is a new outage.
    endOutages(log, 'analytics');
    expect(Object.keys(log)).toEqual(['inventory|unavailable']);
    expect(admitOutageToast(log, 'analytics|unavailable', 112_000, 60_000)).toBe(true);
  });
});
