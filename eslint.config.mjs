// One lint configuration for the whole monorepo. Structure is encoded here: no floating promises,
// exhaustive switches, no `any` outside tests, and the module boundaries below (proved by
// libs/messaging/test/module-boundaries.spec.ts).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';

/**
 * Which part of the repository may import which (eslint-plugin-boundaries). A part always imports itself; anything
 * not listed is refused. Direction of the libs: contracts <- platform <- jobs <- messaging (a lib never imports one
 * to its right). Services import libs only (never another service or the gateway); the web app only libs/contracts.
 */
const libs = (...names) => names.map((name) => ['libs', { name }]);
const BOUNDARY_RULES = [
  { from: libs('contracts'), allow: libs('contracts') },
  { from: libs('platform'), allow: libs('contracts', 'platform') },
  { from: libs('jobs'), allow: libs('contracts', 'platform', 'jobs') },
  { from: libs('messaging'), allow: libs('contracts', 'platform', 'jobs', 'messaging') },
  {
    from: ['services'],
    allow: [...libs('contracts', 'platform', 'jobs', 'messaging'), ['services', { name: '${from.name}' }]],
  },
  { from: ['gateway'], allow: [...libs('contracts', 'platform', 'jobs', 'messaging'), 'gateway'] },
  { from: ['web'], allow: [...libs('contracts'), 'web'] },
];

/** The array literal given to Promise.all/allSettled/race/any. */
const PROMISE_ARRAY =
  "CallExpression[callee.object.name='Promise'][callee.property.name=/^(all|allSettled|race|any)$/] > ArrayExpression";

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'web/dist/**', '.cache/**', '.local/**', 'coverage/**', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-return-await': 'off',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // no-floating-promises does not see this: the awaited call runs before the others start, and when one of
      // them rejects meanwhile nothing awaits it yet, so Node exits on the unhandled rejection.
      'no-restricted-syntax': [
        'error',
        {
          // Awaits nested anywhere in the array (call arguments too), except inside a function written in it.
          selector: `${PROMISE_ARRAY} AwaitExpression:not(${PROMISE_ARRAY} :function AwaitExpression)`,
          message:
            'No await inside the array given to Promise.all/allSettled/race/any: hoist it before the array or chain it with .then().',
        },
      ],
    },
  },
  {
    files: ['libs/**/*.ts', 'services/**/*.ts', 'gateway/**/*.ts', 'web/**/*.ts', 'web/**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        // Whole paths from the repository root: gateway/src/web is the gateway's, not the web app's.
        { type: 'libs', pattern: 'libs/*/**', mode: 'full', capture: ['name'] },
        { type: 'services', pattern: 'services/*/**', mode: 'full', capture: ['name'] },
        { type: 'gateway', pattern: 'gateway/**', mode: 'full' },
        { type: 'web', pattern: 'web/**', mode: 'full' },
      ],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'import/resolver': { typescript: { project: 'tsconfig.json' }, node: true },
    },
    rules: {
      'boundaries/element-types': ['error', { default: 'disallow', rules: BOUNDARY_RULES }],
    },
  },
  {
    // SQL is composed with the `sql` tag (libs/platform/src/database/sql.ts): a fragment pasted into a plain template
    // string would read "[object Object]" and drop its parameters.
    files: ['libs/**/*.ts', 'services/**/*.ts', 'gateway/**/*.ts'],
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: true, allowNever: true },
      ],
    },
  },
  {
    // Services publish and consume only typed topics of libs/contracts (see libs/messaging/README.md).
    files: ['services/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/microservices',
              importNames: ['EventPattern', 'MessagePattern'],
              message: 'Subscribe with OnEvent(TOPICS.x) from @infra/messaging: topic names and payloads are typed.',
            },
            {
              name: '@infra/messaging',
              importNames: ['writeOutboxEvent'],
              message: 'Publish with EventPublisher.publish(manager, TOPICS.x, ...): typed and validated.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'class-validator', 'class-transformer'],
              message: 'libs/contracts holds plain types and constants shared with the web app: no frameworks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
