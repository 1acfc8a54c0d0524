// One lint for the whole repository. Boundaries (ARCHITECTURE.md): shared ← client, shared ← server; client and
// server never import each other; only the form engine imports @rjsf; only client/lib talks HTTP (axios).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'src/client/form-engine/precompiled/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/client/**', '**/server/**'], message: 'shared code is imported by client and server, never the reverse' },
        { group: ['react', 'react-dom', '@rjsf/*', '@mui/*', 'fastify', 'axios'], message: 'shared code stays framework-free' },
      ]),
    },
  },
  {
    files: ['src/client/**'],
    ignores: ['src/client/form-engine/**', 'src/client/lib/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**'], message: 'the client never imports server code' },
        { group: ['@rjsf/*'], message: 'only the form engine imports @rjsf' },
        { group: ['axios'], message: 'only src/client/lib talks HTTP' },
      ]),
    },
  },
  {
    files: ['src/client/form-engine/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**'], message: 'the client never imports server code' },
        { group: ['axios', 'react-router', 'react-router-dom', '**/lib/api*'], message: 'the form engine knows no routes and no HTTP' },
      ]),
    },
  },
  {
    files: ['src/client/lib/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**'], message: 'the client never imports server code' },
        { group: ['@rjsf/*'], message: 'only the form engine imports @rjsf' },
      ]),
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/client/**'], message: 'the server never imports client code' },
        { group: ['react', 'react-dom', '@rjsf/*', '@mui/*'], message: 'the server renders nothing' },
      ]),
    },
  },
);
