/**
 * The variables Vite writes into the build (`VITE_*` from the environment or a .env file of web/). A module of its
 * own because unit tests run as CommonJS, where `import.meta` does not parse: jest.config.cjs maps it to an empty set.
 */
declare global {
  interface ImportMetaEnv {
    /** README "Configuration". */
    readonly VITE_SUPPORT_EMAIL?: string;
    readonly VITE_SUPPORT_URL?: string;
  }
}

export const BUILD_ENV: Pick<ImportMetaEnv, 'VITE_SUPPORT_EMAIL' | 'VITE_SUPPORT_URL'> = import.meta.env;
