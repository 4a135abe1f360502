import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MESSAGES } from '@infra/contracts';
import { createTestI18n } from '../testing/i18n';
import { mutationErrorToast, mutationSuccessToast, queryErrorToast, toastText, type ToastContent } from './toastRules';

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
