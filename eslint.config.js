// Flat ESLint config for the whole monorepo: type-aware TypeScript rules, React hooks in the web app.
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const SHARED_FOLDERS = ['components', 'lib', 'telegram', 'config'];

/** The top folder (and feature) of a path inside apps/web/src, or null outside it. */
function webArea(file) {
  const rel = path.relative(WEB_SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, feature] = rel.split(path.sep);
  return { top, feature: top === 'features' ? feature : undefined };
}

/**
 * The README's boundaries: a feature never imports another feature, and shared folders
 * (components, lib, telegram, config) never import features or app. Relative imports are resolved
 * against the importing file, so the rule sees where an import really leads.
 */
const webBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: 'features/{{from}} may not import features/{{to}}: compose them in app/ instead.',
      sharedUp: '{{from}}/ is shared and may not import {{to}}/.',
    },
    schema: [],
  },
  create(context) {
    const from = webArea(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = webArea(path.resolve(path.dirname(context.filename), source));
      if (!to) return;
      if (from.feature && to.feature && from.feature !== to.feature)
        context.report({ node, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
      else if (SHARED_FOLDERS.includes(from.top) && (to.top === 'features' || to.top === 'app'))
        context.report({ node, messageId: 'sharedUp', data: { from: from.top, to: to.top } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/**
 * The registries (README, docs/architecture.md): query keys come from src/lib/query-keys.ts,
 * in-app addresses from src/lib/paths.ts, and error toasts from one place — a mutation's
 * `meta: { errorMessage }` (or a query's), toasted by app/query-client.ts — never `notify.error`
 * by hand. No file is exempt (the debt list of issue 29 was paid off).
 */
const registries = {
  meta: {
    type: 'problem',
    messages: {
      queryKey: 'A literal query key: add it to src/lib/query-keys.ts and use queryKeys.…',
      path: 'A literal in-app address: add it to src/lib/paths.ts and use paths.…',
      notifyError:
        "notify.error by hand: give the mutation meta: { errorMessage } (app/query-client.ts toasts it).",
    },
    schema: [],
  },
  create(context) {
    const report = (node, messageId) => context.report({ node, messageId });
    const isAddress = (node) =>
      (node?.type === 'Literal' && typeof node.value === 'string' && node.value.startsWith('/')) ||
      (node?.type === 'TemplateLiteral' && (node.quasis[0]?.value.cooked ?? '').startsWith('/'));
    const isLiteral = (node) => node?.type === 'Literal' || node?.type === 'TemplateLiteral';
    return {
      Property(node) {
        if (node.computed || node.key.type !== 'Identifier' || node.key.name !== 'queryKey') return;
        if (node.value.type === 'ArrayExpression' && isLiteral(node.value.elements[0])) report(node, 'queryKey');
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && callee.name === 'navigate' && isAddress(node.arguments[0]))
          report(node, 'path');
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'notify' &&
          callee.property.type === 'Identifier' &&
          callee.property.name === 'error'
        )
          report(node, 'notifyError');
      },
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !['to', 'href'].includes(node.name.name)) return;
        const value = node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (isAddress(value)) report(node, 'path');
      },
    };
  },
};

const API_MODULES = path.join(import.meta.dirname, 'apps/api/src/modules');

/** The module of a path inside apps/api/src/modules and the rest of its path, or null outside it. */
function apiModule(file) {
  const rel = path.relative(API_MODULES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(path.sep);
  return rest.length === 0 ? null : { name, inner: rest.join('/') };
}

/**
 * API modules import each other only through the other module's `index.ts` (docs/decisions/046):
 * a module's other files are its own business. Relative imports are resolved as above.
 */
const apiModules = {
  meta: {
    type: 'problem',
    messages: {
      skipsIndex: 'modules/{{from}} may import modules/{{to}} only through its index.ts, not {{inner}}.',
    },
    schema: [],
  },
  create(context) {
    const from = apiModule(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = apiModule(path.resolve(path.dirname(context.filename), source));
      if (!to || to.name === from.name || to.inner === 'index.ts') return;
      context.report({
        node,
        messageId: 'skipsIndex',
        data: { from: from.name, to: to.name, inner: to.inner },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/**
 * Functions longer than this many lines (blank lines and comments not counted) are refused in
 * non-test code (issue 29, CONVENTIONS 15): a component or route plugin that long does several jobs.
 */
const MAX_FUNCTION_LINES = 150;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'eslint.config.js',
      '.ci/**',
      'scripts/**',
      // One offending file per boundary rule; tooling/boundaries.test.ts lints each.
      'tooling/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The environment is read in exactly one place per app.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/env.ts', 'apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from env.ts' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/modules/**/*.ts'],
    plugins: { shop: { rules: { 'web-boundaries': webBoundaries, registries, 'api-modules': apiModules } } },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], rules: { 'shop/web-boundaries': 'error' } },
  {
    // Tests may reach into a module to set up what they check.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: { 'shop/api-modules': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      // The registries themselves, the route table, and the one place that toasts errors.
      'apps/web/src/lib/query-keys.ts',
      'apps/web/src/lib/paths.ts',
      'apps/web/src/app/router.tsx',
      'apps/web/src/app/query-client.ts',
      'apps/web/src/components/ui/notify.ts',
    ],
    rules: { 'shop/registries': 'error' },
  },
  {
    // Function length. Tests are left out: a test's body is a list of steps read top to bottom,
    // and a long scenario (e2e, a whole order's life) is clearer in one piece than cut into
    // helpers that each mean nothing alone; the rule is about code that is changed, not read once.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/api/src/test/**',
      'apps/web/src/test/**',
    ],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: MAX_FUNCTION_LINES, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // Telegram's SDK, build-time settings and browser storage each have one home in the web app;
    // tests may reach them directly to set up or mock.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tma.js/sdk-react',
              message: 'Telegram SDK calls live in src/telegram/: add or use a function there.',
            },
            {
              name: '@tma.js/bridge',
              message: 'Telegram SDK calls live in src/telegram/: add or use a function there.',
            },
            {
              name: '@tma.js/transformers',
              message: 'Telegram SDK calls live in src/telegram/: add or use a function there.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read build-time settings from src/config/env.ts.',
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use src/lib/storage.ts, which never throws.' },
        { name: 'sessionStorage', message: 'Use src/lib/storage.ts, which never throws.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'localStorage',
          message: 'Use src/lib/storage.ts, which never throws.',
        },
        {
          object: 'window',
          property: 'sessionStorage',
          message: 'Use src/lib/storage.ts, which never throws.',
        },
      ],
    },
  },
  {
    // The web tests wait with Testing Library's waitFor/findBy*, which setup.ts gives 5 s;
    // `vi.waitFor` gives up after 1 s, which a loaded CI machine can spend on one render.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'waitFor',
          message: "Use waitFor from '@testing-library/react' (5 s, setup.ts).",
        },
      ],
    },
  },
  { files: ['apps/web/src/telegram/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['apps/web/src/config/env.ts'], rules: { 'no-restricted-syntax': 'off' } },
  {
    files: ['apps/web/src/lib/storage.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
);
