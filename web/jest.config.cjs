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
  },
  moduleNameMapper: {
    '^@infra/contracts$': '<rootDir>/../libs/contracts/src',
    '\\.(css|less|scss|svg|png|jpg)$': '<rootDir>/test/fileMock.cjs',
  },
  setupFiles: ['<rootDir>/test/setup.cjs'],
  clearMocks: true,
  restoreMocks: true,
};
