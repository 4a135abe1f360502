/** @jest-environment node */
import { jsonResponse } from '../testing/fetchStub';
import { FetchBackend } from './fetchBackend';

let fetchMock: jest.Mock<Promise<Response>, [string]>;
const originalFetch = globalThis.fetch;
beforeEach(() => {
  fetchMock = jest.fn<Promise<Response>, [string]>();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = originalFetch;
});

/** Reads `fr`/`translation` and returns what the backend called back with. */
function read(): Promise<{ error: unknown; data: unknown }> {
  const backend = new FetchBackend();
  backend.init(undefined, { loadPath: '/locales/{{lng}}/{{ns}}.json' });
  return new Promise((resolve) => {
    backend.read('fr', 'translation', (error, data) => resolve({ error, data }));
  });
}

describe('FetchBackend', () => {
  it("fetches the language's file and hands i18next its texts", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { app: { name: 'Infra' } }));
    expect(await read()).toEqual({ error: null, data: { app: { name: 'Infra' } } });
    expect(fetchMock).toHaveBeenCalledWith('/locales/fr/translation.json');
  });

  it('asks i18next to retry a server error or a network failure, not a missing file', async () => {
    const retried: unknown[] = [];
    for (const outcome of [
      () => Promise.resolve(jsonResponse(503, {})),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(jsonResponse(404, {})),
    ]) {
      fetchMock.mockImplementationOnce(outcome);
      const backend = new FetchBackend();
      backend.init(undefined, { loadPath: '/locales/{{lng}}/{{ns}}.json' });
      retried.push(
        await new Promise((resolve) => {
          backend.read('fr', 'translation', (error, retry) => resolve(error ? retry : 'no error'));
        }),
      );
    }
    expect(retried).toEqual([true, true, false]);
  });
});
