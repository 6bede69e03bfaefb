// One flat config for every workspace. The import rules keep the layout honest: the client never
// imports the simulator (it must run against a real server), and both import only the contract.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noSimulatorInClient = {
  patterns: [
    {
      group: ['@gs/simulator-*', '**/simulator/**'],
      message: 'The client must not import the simulator; share types through @gs/contract.',
    },
  ],
};
const noClientInSimulator = {
  patterns: [
    {
      group: ['@gs/client', '@gs/client/*', '**/client/**'],
      message: 'The simulator must not import the client; share types through @gs/contract.',
    },
  ],
};
const contractIsLeaf = {
  patterns: [
    {
      group: ['@gs/*', '**/client/**', '**/simulator/**'],
      message: 'The contract depends on nothing else in the project.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', noSimulatorInClient],
    },
  },
  {
    // one fetch path (decision 064): only the Http wrapper calls the browser's fetch
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/api/http.ts', 'client/src/**/*.test.{ts,tsx}', 'client/src/test/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the server through Http (api/http.ts).' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name=/^(globalThis|window|self)$/][property.name='fetch']",
          message: 'Call the server through Http (api/http.ts).',
        },
      ],
    },
  },
  { files: ['simulator/**/*.ts'], rules: { 'no-restricted-imports': ['error', noClientInSimulator] } },
  { files: ['contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', contractIsLeaf] } },
);
