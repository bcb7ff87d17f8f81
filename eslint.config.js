import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Server features: each may import the infrastructure below it, never the other way round. */
const SERVER_FEATURES = [
  'access-log',
  'bookings',
  'break-glass',
  'chart-notes',
  'client-errors',
  'clinician',
  'dashboard',
  'files',
  'kits',
  'lab',
  'live',
  'messages',
  'orders',
  'patients',
  'payments',
  'prescriptions',
  'super-admin',
  'transcription',
  'backup',
];
/** Infrastructure of the server (db, audit, http, adapters, jobs, auth, config): it never imports a feature or the launcher. */
const SERVER_INFRASTRUCTURE = ['db', 'audit', 'http', 'adapters', 'jobs', 'auth']
  .map((d) => `src/server/${d}/**`)
  .concat('src/server/config.ts', 'src/server/errors.ts', 'src/server/types/**');

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'coverage/**', 'data/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // A leading underscore names what is deliberately left out (a destructured field dropped, an unused parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Control characters are matched on purpose: the input guards and sanitisers find them to refuse or strip them.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      // Route handlers read body, query and params as the zod type provider infers them, never through a cast.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > MemberExpression[object.name=/^(req|request)$/][property.name=/^(body|query|params)$/]',
          message: 'Type the route schema instead of casting the request (the zod type provider infers it).',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Tests read loosely typed answers of the API under test.
  { files: ['tests/**', '**/*.test.{ts,tsx}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Plain scripts run on Node.
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly' } },
  },
  // The CommonJS stand-ins of polyfill packages in the portal build (vite.config.ts).
  { files: ['src/build/shims/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
  // The domain is shared by server and portal: it depends on neither.
  { files: ['src/domain/**'], rules: restrict([{ group: ['**/server/**', '**/web/**'], message: 'src/domain depends on neither server nor web.' }]) },
  // The portal never reaches into the server's code, the server never into the portal's.
  { files: ['src/web/**'], rules: restrict([{ group: ['**/server/**'], message: 'The portal talks to the server over HTTP only.' }]) },
  {
    files: ['src/server/**'],
    rules: restrict([{ group: ['**/web/**'], message: 'The server does not import the portal.' }]),
  },
  {
    files: SERVER_INFRASTRUCTURE,
    ignores: ['**/*.test.ts'], // a test of infrastructure may take a feature's schema as its example
    rules: restrict([
      { group: ['**/web/**'], message: 'The server does not import the portal.' },
      {
        group: [...SERVER_FEATURES.map((f) => `../${f}/**`), '../launcher/**', '../app', '../main'],
        message: 'Infrastructure never imports a feature, the app or the launcher: pass what it needs in (plugin options, decorators).',
      },
    ]),
  },
);
