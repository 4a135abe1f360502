// One lint configuration for the whole monorepo. Structure is encoded here: no floating promises,
// exhaustive switches, no `any` outside tests, and libs/contracts imports nothing from the apps.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
              group: [
                '@infra/messaging',
                '@infra/platform',
                '**/services/**',
                '**/gateway/**',
                '**/web/**',
                '@nestjs/*',
                'typeorm',
              ],
              message:
                'libs/contracts holds plain types and constants shared with the web app: it imports nothing from services, gateway, web or frameworks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/**/*.ts', 'services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/gateway/**', '**/web/**'],
              message: 'Services and libs never import the gateway or the web app.',
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
