// @ts-check
/**
 * Lint: typescript-eslint's type-checked rules, tuned to what catches bugs
 * (floating promises, misused promises, unsafe `any` flows are left to the
 * type checker's `strict`), not style (prettier owns that), plus the import
 * boundaries of the README's "Architecture": dependencies flow one way.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** `no-restricted-imports` patterns: a folder may not reach these. */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', {
    patterns: groups.map(([group, message]) => ({ group, message })),
  }],
});
/** A top-level folder reached by a relative path from anywhere below the root (not `schema/i18n/admin`). */
const top = (name) => [1, 2, 3, 4, 5].flatMap((depth) => ['../'.repeat(depth) + name, '../'.repeat(depth) + name + '/**']);
const SERVER = top('server');
const ADMIN = top('admin');
const PAY = top('pay');
const SCRIPTS = top('scripts');
const TESTS = top('tests');
/** A sibling folder of the server (`../engine` from `server/db/…`), at any depth below it. */
const inServer = (name) => [1, 2, 3].flatMap((depth) => ['../'.repeat(depth) + name, '../'.repeat(depth) + name + '/**']);

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'data/**', 'config/**', 'tests/artifacts/**', '**/*.html'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Bugs: a promise nobody awaits or catches, a promise where a boolean or a callback's result is expected.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // The generic engine reaches tables named at run time through `Kysely<any>`: `any` is deliberate there.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      // Style, or what `strict` already checks.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
    },
  },
  // Plain JavaScript (this file, small launch scripts) is outside the TypeScript project.
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  // schema/ <- server/, schema/ <- admin/ and pay/; nothing else crosses.
  { files: ['schema/**'], rules: forbid([[...SERVER, ...ADMIN, ...PAY, ...SCRIPTS, ...TESTS], 'schema/ is the single source of truth: it imports nothing of ours']) },
  { files: ['admin/**'], rules: forbid([[...SERVER, ...PAY], 'admin/ talks to the server over HTTP and never imports pay/']) },
  { files: ['pay/**'], rules: forbid([[...SERVER, ...ADMIN], 'pay/ talks to the server over HTTP and never imports admin/']) },
  { files: ['server/**'], rules: forbid([[...ADMIN, ...PAY], 'server/ never imports the front ends']) },
  { files: ['server/db/**'], rules: forbid([[...ADMIN, ...PAY, ...['engine', 'auth', 'routes', 'plugins'].flatMap(inServer)], 'db/ is the bottom layer of the server: it never imports engine/, auth/, routes/ or plugins/']) },
  { files: ['server/services/**'], rules: forbid([[...ADMIN, ...PAY, ...['routes', 'plugins'].flatMap(inServer)], 'services/ never imports routes/ (nor the plugins that wire them)']) },
);
