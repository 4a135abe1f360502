/**
 * For tests in the node environment (real fetch, Request and Headers): a minimal `window` with local storage
 * and a location whose `replace` is recorded, and a Request that resolves same-origin paths like a browser.
 */
export interface BrowserStubs {
  storage: Map<string, string>;
  locationReplace: jest.Mock<void, [string]>;
  restore: () => void;
}

const ORIGIN = 'http://localhost';

export function installBrowserStubs(): BrowserStubs {
  const globals = globalThis as { window?: unknown; Request: typeof Request };
  const OriginalRequest = globals.Request;
  const storage = new Map<string, string>();
  const locationReplace = jest.fn<void, [string]>();

  globals.window = {
    location: { origin: ORIGIN, replace: locationReplace },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
  };
  globals.Request = class extends OriginalRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
    }
  };

  return {
    storage,
    locationReplace,
    restore: () => {
      delete globals.window;
      globals.Request = OriginalRequest;
    },
  };
}
