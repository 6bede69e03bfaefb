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
// Services take typed input and throw DomainErrors (decision 063); the request edge is http/.
const servicesOffTheEdge = {
  paths: [
    { name: 'express', message: 'Services take typed input from the edge, not the request (decision 063).' },
  ],
  patterns: [
    ...noClientInSimulator.patterns,
    {
      group: ['**/http/**'],
      message: 'Services must not import the request edge: throw domain/errors.ts, use lib/ (decision 063).',
    },
  ],
};
// A repository knows only SQL (decision 076): what it may import is listed, everything else is
// refused (express, http/, any services/ or routes/, the file store, sharp, pdf-lib, mupdf, node:fs...).
// A pure helper a repository needs (of domain/ or lib/) is added here by name, with its reason.
const REPO_IMPORTS = [
  'better-sqlite3',
  '@gs/contract/[\\w/-]+',
  // the connection's types and the schema's text helpers
  '\\.\\./\\.\\./db/(connection|schemaText)',
  // another repository, of its own capability or another's
  '\\./\\w+',
  '\\.\\./\\.\\./\\w+/repos/\\w+',
];
const REPO_MESSAGE =
  'A repository knows only SQL (decision 076): better-sqlite3, db/connection, other repos and @gs/contract. ' +
  'Work on files, images, PDFs, HTTP or rules belongs in a service; a pure helper is allowed by name in eslint.config.js.';
const onlyAllowed = (allowed) => ({
  patterns: [{ regex: `^(?!(${allowed.join('|')})$)`, message: REPO_MESSAGE }],
});
const reposOnlySql = onlyAllowed(REPO_IMPORTS);
const noDynamicImports = [
  { selector: 'ImportExpression', message: REPO_MESSAGE },
  { selector: "CallExpression[callee.name='require']", message: REPO_MESSAGE },
];

const contractIsLeaf = {
  patterns: [
    {
      group: ['@gs/*', '**/client/**', '**/simulator/**'],
      message: 'The contract depends on nothing else in the project.',
    },
  ],
};

/** Configuration is parsed once at each entry point (@gs/simulator-config, decision 060) and passed down. */
const configFromEntryPoints = [
  {
    object: 'process',
    property: 'env',
    message:
      'Take typed config from the entry point (@gs/simulator-config, decision 060); never read process.env here.',
  },
  {
    object: 'vi',
    property: 'stubEnv',
    message: 'Pass a config object instead of setting the environment (decision 060).',
  },
];

const noDirectFetch = {
  selector: "MemberExpression[object.name=/^(globalThis|window|self)$/][property.name='fetch']",
  message: 'Call the server through Http (api/http.ts).',
};
/**
 * The server speaks English (decision 068): its words (an ApiError's serverMessage or message, a
 * body's Message, MessageDetail or StatusMessage) are shown through lib/serverTexts, translated when
 * known and labelled otherwise. Reading them elsewhere is refused; a read that is not shown (a
 * filter, a parser, a text carried to translateServerDetail) says so in an eslint-disable comment.
 */
const SERVER_WORDS =
  'Show what the server says through lib/serverTexts (translateServerError, translateServerMessage).';
const SHOWN_THROUGH =
  'CallExpression[callee.name=/^translate(ServerMessage|ServerDetail|HistoryLine|HelperMessage)$/]';
const serverWordsThroughServerTexts = [
  {
    selector: `MemberExpression[property.name=/^(serverMessage|helperMessage|Message|MessageDetail|StatusMessage)$/]:not(${SHOWN_THROUGH} > MemberExpression)`,
    message: SERVER_WORDS,
  },
  {
    selector: "MemberExpression[object.name=/^(e|err|error)$/][property.name='message']",
    message: SERVER_WORDS,
  },
  {
    selector:
      'ObjectPattern > Property[key.name=/^(serverMessage|helperMessage|Message|MessageDetail|StatusMessage)$/]',
    message: SERVER_WORDS,
  },
];

/** A query's loading and error are shown by components/QueryBoundary (decisions 064, 081). */
const errorThroughTheBoundary = {
  selector:
    "BinaryExpression[operator=/^[!=]==$/][left.property.name='status'][right.value='error'], BinaryExpression[operator=/^[!=]==$/][right.property.name='status'][left.value='error']",
  message:
    "Show a query's failure with QueryBoundary or QueryFailure (components/QueryBoundary.tsx), not an inline status === 'error' branch.",
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
      // a catch handles the error (with its reason in a comment) or logs it (decision 060)
      'no-empty': ['error', { allowEmptyCatch: false }],
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
    // the client tests' in-process server (decision 082): the one client file that runs the simulator
    files: ['client/src/test/realServer.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // one fetch path (decision 064): only the Http wrapper calls the browser's fetch; the server's
    // words reach the screen only through lib/serverTexts (decision 068)
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/api/http.ts', 'client/src/**/*.test.{ts,tsx}', 'client/src/test/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the server through Http (api/http.ts).' },
      ],
      'no-restricted-syntax': ['error', noDirectFetch, ...serverWordsThroughServerTexts],
    },
  },
  {
    // the screens' components: one boundary for a query's failure (decision 081)
    files: ['client/src/**/*.tsx'],
    ignores: ['client/src/**/*.test.tsx', 'client/src/test/**', 'client/src/components/QueryBoundary.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noDirectFetch,
        ...serverWordsThroughServerTexts,
        errorThroughTheBoundary,
      ],
    },
  },
  {
    files: ['client/src/lib/serverTexts.ts'],
    rules: { 'no-restricted-syntax': ['error', noDirectFetch] },
  },
  { files: ['simulator/**/*.ts'], rules: { 'no-restricted-imports': ['error', noClientInSimulator] } },
  {
    // a capability's services/ (decision 070), and the flat services/ it replaced
    files: ['simulator/api/src/**/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', servicesOffTheEdge] },
  },
  {
    // a capability's repos/ (decision 070): SQL only (decision 076)
    files: ['simulator/api/src/**/repos/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', reposOnlySql],
      'no-restricted-syntax': ['error', ...noDynamicImports],
    },
  },
  {
    // their tests run on vitest over the fixtures' builders
    files: ['simulator/api/src/**/repos/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        onlyAllowed([...REPO_IMPORTS, 'vitest', '@gs/simulator-fixtures/builders']),
      ],
    },
  },
  {
    // the server secret is made here and stored in settings; a secure id is an HMAC under it
    files: ['simulator/api/src/security/repos/secureIds.ts'],
    rules: { 'no-restricted-imports': ['error', onlyAllowed([...REPO_IMPORTS, 'node:crypto'])] },
  },
  { files: ['contract/**/*.ts'], rules: { 'no-restricted-imports': ['error', contractIsLeaf] } },
  {
    files: ['simulator/**/*.ts', 'scripts/lib/**/*.ts'],
    ignores: [
      'simulator/config/src/**',
      'simulator/api/src/main.ts',
      'simulator/helper/src/main.ts',
      'scripts/lib/*.test.ts',
    ],
    rules: { 'no-restricted-properties': ['error', ...configFromEntryPoints] },
  },
);
