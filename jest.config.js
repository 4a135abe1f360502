// One jest configuration, one project per workspace. `npm test` runs them all (see deploy/scripts/test.mjs);
// `npx jest --selectProjects messaging` runs one. Type errors are caught by `npm run typecheck`, so ts-jest only transpiles.
const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] };
const moduleNameMapper = {
  '^@infra/(contracts|messaging|platform)$': '<rootDir>/libs/$1/src',
  '^@infra/(contracts|messaging|platform)/(.*)$': '<rootDir>/libs/$1/src/$2',
};

const project = (displayName, roots, testMatch) => ({
  displayName,
  rootDir: __dirname,
  roots,
  testMatch,
  transform,
  moduleNameMapper,
  testEnvironment: 'node',
});

const workspaces = {
  contracts: 'libs/contracts',
  messaging: 'libs/messaging',
  platform: 'libs/platform',
  identity: 'services/identity',
  inventory: 'services/inventory',
  tagging: 'services/tagging',
  events: 'services/events',
  analytics: 'services/analytics',
  gateway: 'gateway',
};

module.exports = {
  projects: [
    ...Object.entries(workspaces).map(([name, dir]) =>
      project(name, [`<rootDir>/${dir}`], ['**/*.spec.ts', '**/*.int-spec.ts']),
    ),
    project('k8s', ['<rootDir>/k8s'], ['**/*.test.ts']),
    // Needs the running product (BASE_URL) and Chromium: started by deploy/scripts/test.mjs.
    project('e2e', ['<rootDir>/test/e2e'], ['**/*.e2e.test.ts']),
  ],
};
