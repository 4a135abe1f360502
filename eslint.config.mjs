// One lint configuration for the whole monorepo. Structure is encoded here: no floating promises,
// exhaustive switches, no `any` outside tests, and the module boundaries below (proved by
// libs/messaging/test/module-boundaries.spec.ts).
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Which part of the repository may import which. A part always imports itself; anything not listed is refused.
 * Direction of the libs: contracts <- platform <- jobs <- messaging (a lib never imports one to its right).
 * Services import libs only (never another service or the gateway); the web app only libs/contracts.
 */
const ALLOWED_IMPORTS = {
  'libs/contracts': [],
  'libs/platform': ['libs/contracts'],
  'libs/jobs': ['libs/contracts', 'libs/platform'],
  'libs/messaging': ['libs/contracts', 'libs/platform', 'libs/jobs'],
  services: ['libs/contracts', 'libs/platform', 'libs/jobs', 'libs/messaging'],
  gateway: ['libs/contracts', 'libs/platform', 'libs/jobs', 'libs/messaging'],
  web: ['libs/contracts'],
};

/** The part a repository-relative path belongs to: `libs/<name>`, `services/<name>`, `gateway`, `web`, or none. */
function partOf(relative) {
  const [top, name] = relative.split(/[\\/]/);
  if (top === 'libs' || top === 'services') return name ? `${top}/${name}` : undefined;
  return top === 'gateway' || top === 'web' ? top : undefined;
}

/** Where an import specifier points, as a part; undefined for packages outside the repository. */
function targetOf(specifier, file) {
  if (specifier.startsWith('.'))
    return partOf(path.relative(import.meta.dirname, path.resolve(path.dirname(file), specifier)));
  const workspace = /^@infra\/([^/]+)/.exec(specifier)?.[1];
  if (workspace) {
    const service = /^(.+)-service$/.exec(workspace)?.[1];
    if (service) return `services/${service}`;
    return workspace === 'gateway' || workspace === 'web' ? workspace : `libs/${workspace}`;
  }
  // tsconfig's baseUrl is the repository root, so "services/x/src/..." would resolve too.
  return /^(libs|services|gateway|web)\//.test(specifier) ? partOf(specifier) : undefined;
}

const moduleBoundaries = {
  meta: { type: 'problem', schema: [], messages: { refused: '{{from}} must not import {{to}} ({{rule}}).' } },
  create(context) {
    const from = partOf(path.relative(import.meta.dirname, context.filename));
    if (!from) return {};
    const allowed = ALLOWED_IMPORTS[from.startsWith('services/') ? 'services' : from] ?? [];
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const to = targetOf(node.value, context.filename);
      if (!to || to === from || allowed.includes(to)) return;
      const rule =
        allowed.length === 0 ? `${from} imports nothing internal` : `${from} may import ${allowed.join(', ')}`;
      context.report({ node, messageId: 'refused', data: { from, to, rule } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

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
    plugins: { boundaries: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'boundaries/module-boundaries': 'error' },
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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@infra/messaging', '@infra/platform', '**/services/**', '**/gateway/**'],
              message: 'The web app imports only @infra/contracts from the backend side.',
            },
          ],
        },
      ],
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
