import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

export interface FetchBackendOptions {
  /** The translations' URL, with {{lng}} and {{ns}}. */
  loadPath: string;
}

/**
 * i18next's backend for translations served as JSON files, by fetch: what i18next-http-backend did here, without its
 * XMLHttpRequest and fetch-ponyfill paths (a tenth of the size, in the scripts every page loads first). As it does, a
 * server error or a network failure asks i18next to retry (§9: the retries and their pace are i18next's options),
 * a missing or unreadable file does not.
 */
export class FetchBackend implements BackendModule<FetchBackendOptions> {
  static type = 'backend' as const;
  type = 'backend' as const;
  private loadPath = '';

  init(_services: unknown, options: FetchBackendOptions): void {
    this.loadPath = options.loadPath;
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const url = this.loadPath.replace('{{lng}}', language).replace('{{ns}}', namespace);
    fetch(url).then(
      async (response) => {
        if (!response.ok) {
          callback(new Error(`failed loading ${url}: ${response.status}`), response.status >= 500);
          return;
        }
        let data: ResourceKey;
        try {
          data = (await response.json()) as ResourceKey;
        } catch (error: unknown) {
          callback(new Error(`failed parsing ${url}: ${String(error)}`), false);
          return;
        }
        callback(null, data);
      },
      (error: unknown) => callback(new Error(`failed loading ${url}: ${String(error)}`), true),
    );
  }
}
