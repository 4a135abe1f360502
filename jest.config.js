// One jest configuration, two projects per workspace: `<name>` its unit tests (`*.spec.ts`: no PostgreSQL, Redis or
// Kafka, seconds), `<name>-medium` its medium tests (`*.int-spec.ts`: the real ones). `npm test` runs them all (see
// deploy/scripts/test.mjs); `npx jest --selectProjects messaging` runs one, `npm run test:unit` every unit project.
// Type errors are caught by `npm run typecheck`, so ts-jest only transpiles.
const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] };
const moduleNameMapper = {
  '^@infra/(contracts|jobs|messaging|platform)$': '<rootDir>/libs/$1/src',
  '^@infra/(contracts|jobs|messaging|platform)/(.*)$': '<rootDir>/libs/$1/src/$2',
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

// Libraries, every service of services.json (the one list of services) and the gateway.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest loads this file as CommonJS
const { services } = require('./services.json');
const workspaces = {
  contracts: 'libs/contracts',
  jobs: 'libs/jobs',
  messaging: 'libs/messaging',
  platform: 'libs/platform',
  ...Object.fromEntries(services.map(({ name }) => [name, `services/${name}`])),
  gateway: 'gateway',
};

module.exports = {
  // A loaded CI machine runs tests several times slower than a laptop: 5 s (jest's default) is no bound on them.
  testTimeout: 60_000,
  projects: [
    ...Object.entries(workspaces).flatMap(([name, dir]) => [
      project(name, [`<rootDir>/${dir}`], ['**/*.spec.ts']),
      project(`${name}-medium`, [`<rootDir>/${dir}`], ['**/*.int-spec.ts']),
    ]),
    project('k8s', ['<rootDir>/k8s'], ['**/*.test.ts']),
    // The alert rules (promtool), their runbook sections and the metrics they read.
    project('monitoring', ['<rootDir>/deploy/monitoring'], ['**/*.test.ts']),
    // Needs the running product (BASE_URL) and Chromium: started by deploy/scripts/test.mjs.
    project('e2e', ['<rootDir>/test/e2e'], ['**/*.e2e.test.ts']),
    // Replays every attack of the hardening issue against the running product (started like e2e).
    project('security', ['<rootDir>/test/security'], ['**/*.security.test.ts']),
    // Faults injected into the running product (test/faults/README.md), in their short form.
    project('faults', ['<rootDir>/test/faults'], ['**/*.fault.test.ts']),
    // The same against a product running two of every process (`--replicas 2`): rolling restarts, shared caches.
    project('replicas', ['<rootDir>/test/faults'], ['**/*.replicas.test.ts']),
  ],
};
