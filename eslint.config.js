import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'test-results/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // One number, one rounding: toFixed rounds the binary double (0.215 → "0.21"); shared/text/number.ts
    // rounds the decimal a person reads, the same in the app, the CLI and every export.
    files: ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx'],
    ignores: ['shared/text/number.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='toFixed']", message: 'Use fixed() from shared/text/number.ts: one decimal-correct rounding everywhere.' },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // The engine runs under plain Node (CLI, tests) as well as under Electron: it must never import Electron.
    files: ['electron/engine/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The engine and shared code must run without Electron.' }],
          patterns: [{ group: ['electron/*'], message: 'The engine and shared code must run without Electron.' }],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', '**/electron/**'], message: 'shared/ is isomorphic: no Node built-ins, no engine imports.' }] },
      ],
    },
  },
  {
    // The renderer runs in a sandboxed page: it reaches the engine only through the API contract.
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks to the engine only through shared/api.' }],
          patterns: [{ group: ['node:*', '**/electron/**'], message: 'The renderer talks to the engine only through shared/api.' }],
        },
      ],
    },
  },
);
