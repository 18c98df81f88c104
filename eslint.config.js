import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './tools/eslint/importBoundaries.js';
import { tableOwnership } from './tools/eslint/tableOwnership.js';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { portal: { rules: { 'import-boundaries': importBoundaries, 'table-ownership': tableOwnership } } },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'portal/import-boundaries': 'error',
      'portal/table-ownership': 'error',
      // Driver rows and third-party callbacks are typed at the repository edge; `any` stays there.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-properties': ['error', {
        object: 'AbortSignal', property: 'any',
        message: 'Node 20 lets the garbage collector take its time-outs: use withDeadline or deadlineSignal (src/server/integrations/deadline.ts).',
      }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['tools/**/*.js', '*.config.{js,ts,cjs}', 'postcss.config.cjs'],
    languageOptions: { globals: { module: 'readonly', require: 'readonly', process: 'readonly' } },
  },
);
