// Lint: JavaScript and typescript-eslint recommended rules (syntax only; `npm run typecheck` does the
// types), React hooks rules for the web app, the layout's boundaries (see `boundaries` below) and no
// import cycles (eslint-plugin-import-x's no-cycle, which supports ESLint 10's flat config).
//
// typescript-eslint needs TypeScript's JavaScript API, which TypeScript 7 does not ship. So the
// package named `typescript` is TypeScript 6's API (@typescript/typescript6), used only by this
// linter, while `tsc` comes from TypeScript 7 (@typescript/native), as TypeScript 7's release notes
// describe for running both side by side. When typescript-eslint supports TypeScript 7, drop the alias.
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Where a file sits in the layout: 'server/modules/<m>', 'web/features/<f>', 'web', 'server', 'common' or null. */
function areaOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'server' && rel[1] === 'modules' && rel.length > 3) return { top: 'server', part: rel[2], rest: rel.slice(3).join('/') };
  if (rel[0] === 'web' && rel[1] === 'src' && rel[2] === 'features' && rel.length > 4)
    return { top: 'web', part: rel[3], rest: rel.slice(4).join('/') };
  if (rel[0] === 'server' || rel[0] === 'web' || rel[0] === 'common') return { top: rel[0] };
  return null;
}

/** The server's modules from the bottom up: a module may import those below it, never those above,
 *  so no two modules can lean on each other. assessment (rates and assessment versions) sits below
 *  both tax and properties: the tax books raise demand from it, the register writes it. */
const MODULE_ORDER = [
  'health',
  // Every area records its changes in the audit trail; it imports none of them.
  'audit',
  // Shared state of several portal processes (limits, stored files, cluster-wide jobs): used by areas.
  'cluster',
  'apiTokens',
  'users',
  'site',
  // The councils' PDF signing keys, used by every area that prints a signed document.
  'signing',
  'captcha',
  'carousel',
  'blog',
  'certificates',
  'assessment',
  'tax',
  'properties',
  'transfers',
  'sms',
  'backups',
  // The bank statement taken into receipts through the tax module's payment path (issue 30).
  'reconciliation',
  'districts',
  // Checks a signed PDF against the records of the areas that sign (issue 31).
  'verify',
];

/** Why importing `spec` from `file` breaks the layout, or null when it does not. */
function breach(file, spec, typeOnly = false) {
  const from = areaOf(file);
  if (!from) return null;
  if (from.top === 'common' && spec.startsWith('node:')) return 'common/ runs in the browser too: no node: modules';
  if (!spec.startsWith('.')) return null;
  const to = areaOf(path.resolve(path.dirname(file), spec));
  // The wire types of the server's schemas may pass through common/ to the web: type-only, erased at build.
  const wireTypes = typeOnly && to?.top === 'server' && /(^|\/)schema\.ts$/.test(spec);
  if (from.top === 'common' && to?.top !== 'common' && !wireTypes)
    return "common/ imports only from common/ (and types from the server's schema.ts files)";
  if (from.top === 'web' && to?.top === 'server') return 'the web app reaches server code only through common/';
  if (from.top === 'server' && to?.top === 'web') return 'the server does not import the web app';
  const target = path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep);
  const source = path.relative(root, file).split(path.sep);
  if (
    source[0] === 'server' &&
    source[1] === 'lib' &&
    target[0] === 'server' &&
    ['modules', 'plugins', 'db', 'app.ts', 'main.ts'].includes(target[1])
  )
    return 'server/lib/ holds helpers below every module, plugin and the database: it imports none of them, so any of them can use it';
  if (from.part && from.top === 'server' && target[0] === 'server' && target[1] === 'plugins' && !typeOnly && target[2] !== 'auth.ts')
    return "a module takes from the plugins only the auth plugin's helpers (councilOf, actorOf) and types; the rest is the plugins' own";
  if (!from.part || !to?.part || from.top !== to.top || from.part === to.part) return null;
  if (from.top === 'web')
    return `features do not import other features (${from.part} → ${to.part}); move the shared piece to components/ or lib/`;
  if (to.rest === 'routes.ts' || to.rest === 'sql.ts')
    return `a module's routes.ts and sql.ts are its own (${from.part} → ${to.part}/${to.rest}); use its services`;
  const [low, high] = [MODULE_ORDER.indexOf(to.part), MODULE_ORDER.indexOf(from.part)];
  if (low < 0 || high < 0)
    return `every module has its place in MODULE_ORDER (eslint.config.js): ${low < 0 ? to.part : from.part} has none`;
  if (low > high)
    return `${from.part} sits below ${to.part} in MODULE_ORDER: a lower module never imports a higher one (that is how loops start)`;
  return null;
}

/** The same rule, its messages followed by why the rule holds: the plugin's own say only what it found. */
function withReason(rule, why) {
  const messages = Object.fromEntries(Object.entries(rule.meta.messages).map(([id, text]) => [id, `${text}: ${why}`]));
  return { ...rule, meta: { ...rule.meta, messages } };
}

const importXWithReasons = {
  ...importX,
  rules: {
    ...importX.rules,
    'no-cycle': withReason(
      importX.rules['no-cycle'],
      'two files that import each other (directly or through others) load in an order that depends on who came first, and a change to one breaks the other; move what both need into a file below them',
    ),
  },
};

const boundaries = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [], docs: { description: 'Keeps imports within the layout of STYLE.md' } },
      create(context) {
        const check = (node) => {
          if (typeof node.source?.value !== 'string') return;
          const typeOnly = node.importKind === 'type' || node.exportKind === 'type';
          const why = breach(context.filename, node.source.value, typeOnly);
          if (why) context.report({ node: node.source, message: `Import of "${node.source.value}": ${why}.` });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'web/dist/',
      'web/dist-server/',
      'server/generated/',
      'data/',
      'test-results/',
      'bench/results/',
      'clients/typescript/portal-api.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    plugins: { boundaries, 'import-x': importXWithReasons },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'boundaries/imports': 'error',
      // Type-only imports are erased at build and do not count; a dynamic import() does, as it loads the module all the same.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Control characters in our patterns are the point: they strip them (e.g. lib/download.ts).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hooks rules. The plugin's React Compiler rules (set-state-in-effect, …) are
    // left out: the app does not use the compiler, and they flag the usual fetch-in-effect pattern.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // TanStack Query serves the staff screens only, so the public pages do not load it: the provider
    // (app/QueryProvider.tsx) and each feature's queries files import it, nothing else. The history
    // panel is shared by the record screens of several features (features do not import each other),
    // so it lives in components/history/ with its own queries file.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/app/QueryProvider.tsx',
      'web/src/features/*/queries.ts',
      'web/src/features/*/*Queries.ts',
      'web/src/components/history/queries.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              message: "Put the query options and hooks in the feature's queries.ts; public pages read with the plain calls of api.ts.",
            },
          ],
        },
      ],
    },
  },
);
