import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import regexpPlugin from 'eslint-plugin-regexp'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/', 'build.next/', 'build.old/', 'data/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Finds patterns that can backtrack super-linearly (one padded field froze the server once).
  regexpPlugin.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through server/config.ts.',
        },
      ],
    },
  },
  {
    // Folders depend one way (docs/architecture.md): no file imports itself back through others,
    // the browser's code never reaches the server's, and the shared folder depends on neither.
    files: ['app/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}', 'common/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './app', from: './server', message: 'The browser code may not import the server: share it through common/.' },
            { target: './common', from: ['./app', './server'], message: 'common/ is shared by the app and the server, so it imports neither.' },
          ],
        },
      ],
    },
  },
  {
    // The config module, build scripts and test harness are where the environment is read.
    files: ['server/config.ts', 'scripts/**', 'tests/**', '*.config.ts', '*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
