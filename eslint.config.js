// One lint for the whole repository. Boundaries (docs/architecture.md): shared ← client, shared ← server; client and
// server never import each other; only the form engine imports @rjsf; only client/lib talks HTTP (axios); client
// features import no other feature and not app/; a server module uses another only through its service.ts, and
// touches the database only in its queries; no import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const restrict = (patterns) => ['error', { patterns }];

/**
 * The client's layers (bulletproof-react's): a feature imports shared pieces (components, ui, lib, config, the form
 * engine) and nothing of another feature or of app/, which composes them; the shared pieces import no feature.
 */
const features = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const clientZones = [
  ...features.map((name) => ({
    target: `./src/client/features/${name}`,
    from: './src/client/features',
    except: [`./${name}`],
    message: 'a feature does not import another feature: move what both need to components/, ui/ or lib/',
  })),
  { target: './src/client/features', from: './src/client/app', message: 'app/ composes the features; a feature does not import it' },
  ...['components', 'ui', 'lib', 'config', 'form-engine'].map((dir) => ({
    target: `./src/client/${dir}`,
    from: './src/client/features',
    message: 'shared client code imports no feature',
  })),
];

/**
 * The server's domain modules (src/server/modules/<domain>/): one module reaches another only through its service.ts,
 * the module's public face; its routes, queries and views stay its own.
 */
const modules = readdirSync(new URL('./src/server/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverZones = modules.map((name) => ({
  target: `./src/server/modules/${name}`,
  from: './src/server/modules',
  except: [`./${name}`, ...modules.map((other) => `./${other}/service.ts`)],
  message: "a module uses another module only through its service.ts: call (or export there) what it needs",
}));

/** Kysely's ways into the database: in a module, only its queries.ts (or queries/<part>.ts) calls them. */
const SQL_OUTSIDE_QUERIES = "SQL lives in the module's queries.ts (or queries/<part>.ts): call a query from there";
const sqlOutsideQueries = [
  { selector: 'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]', message: SQL_OUTSIDE_QUERIES },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_OUTSIDE_QUERIES },
  { selector: "MemberExpression[object.name='sql']", message: SQL_OUTSIDE_QUERIES },
  { selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']", message: SQL_OUTSIDE_QUERIES },
];

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
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript's files are modules to follow (the plugin's default is JavaScript only), parsed as the lint parses them.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...clientZones, ...serverZones] }],
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
    // Legacy server code outside modules/ is not held to this yet: its domains move into modules one by one.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/queries.ts', 'src/server/modules/**/queries/**'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideQueries] },
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
