/** Unit tests of the web app: jsdom by default (a test file may switch to node with a docblock). */
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  roots: ['<rootDir>/src', '<rootDir>/build'],
  testEnvironment: 'jsdom',
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
    // marked (the build's markdown pages) is published as ES modules only: compiled to CommonJS for jest.
    '/node_modules/marked/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'CommonJS', sourceMap: false }, isolatedModules: true },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!marked/)'],
  moduleNameMapper: {
    '^@infra/contracts$': '<rootDir>/../libs/contracts/src',
    '\\.(css|less|scss|svg|png|jpg)$': '<rootDir>/test/fileMock.cjs',
    // Vite's build-time variables (import.meta.env, which CommonJS cannot parse).
    '/buildEnv$': '<rootDir>/test/buildEnv.cjs',
  },
  setupFiles: ['<rootDir>/test/setup.cjs'],
  setupFilesAfterEnv: ['<rootDir>/test/setupAfterEnv.cjs'],
  // A loaded CI machine renders several times slower than a laptop: 5 s (jest's default) is no bound on a page test.
  // With both cores kept busy, the widgets page (eleven widgets and their charts) took over 60 s in one test.
  testTimeout: 180_000,
  // Two workers, each replaced once it holds 1 GiB after a file: in one process (jest's choice on 2 cores) the 67
  // files' jsdom pages and MUI styles add up past Node's 4 GiB heap.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
  // undici's fetch reads a response body through queueMicrotask: faked, the body is read only when the clock moves,
  // and each read schedules the next, so advancing the clock never ends (this hung widgetRetry.test.tsx).
  fakeTimers: { doNotFake: ['queueMicrotask'] },
  clearMocks: true,
  restoreMocks: true,
};
