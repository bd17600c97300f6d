// Proves each boundary rule of eslint.config.js: every fixture, linted as if it sat at the path
// named in its first line, breaks exactly its rule; the same code where it belongs passes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(import.meta.dirname, 'lint-fixtures');
const RULES = [
  'shop/web-boundaries',
  'shop/api-modules',
  'no-restricted-imports',
  'no-restricted-syntax',
  'no-restricted-globals',
  'no-restricted-properties',
  'shop/registries',
  'max-lines-per-function',
];

const eslint = new ESLint({
  cwd: root,
  ignore: false,
  // Only the boundary rules: the type-aware rules need files the TypeScript project knows.
  ruleFilter: ({ ruleId }) => RULES.includes(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function lintAs(fixture: string, filePath: string) {
  const code = readFileSync(path.join(FIXTURES, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((m) => m.ruleId);
}

describe('boundaries are linted', () => {
  it('a feature may not import another feature', async () => {
    expect(await lintAs('cross-feature.ts', 'apps/web/src/features/orders/components/x.ts')).toEqual([
      'shop/web-boundaries',
    ]);
    expect(await lintAs('cross-feature.ts', 'apps/web/src/features/cart/components/x.ts')).toEqual([]);
  });

  it('shared folders may not import features or app', async () => {
    expect(await lintAs('shared-imports-feature.ts', 'apps/web/src/lib/x.ts')).toEqual([
      'shop/web-boundaries',
    ]);
    expect(await lintAs('shared-imports-feature.ts', 'apps/web/src/app/x.ts')).toEqual([]);
  });

  it('the Telegram SDK only under src/telegram', async () => {
    expect(await lintAs('sdk-outside-telegram.ts', 'apps/web/src/app/x.ts')).toEqual([
      'no-restricted-imports',
    ]);
    expect(await lintAs('sdk-outside-telegram.ts', 'apps/web/src/telegram/x.ts')).toEqual([]);
  });

  it('import.meta.env only in src/config/env.ts', async () => {
    expect(await lintAs('env-outside-config.ts', 'apps/web/src/lib/x.ts')).toEqual(['no-restricted-syntax']);
    expect(await lintAs('env-outside-config.ts', 'apps/web/src/config/env.ts')).toEqual([]);
  });

  it('localStorage and sessionStorage only in src/lib/storage.ts', async () => {
    expect(await lintAs('storage-outside-lib.ts', 'apps/web/src/features/cart/x.ts')).toEqual([
      'no-restricted-globals',
      'no-restricted-properties',
    ]);
    expect(await lintAs('storage-outside-lib.ts', 'apps/web/src/lib/storage.ts')).toEqual([]);
  });

  it('process.env only in apps/api/src/env.ts', async () => {
    expect(await lintAs('process-env-outside-env.ts', 'apps/api/src/modules/orders/x.ts')).toEqual([
      'no-restricted-properties',
    ]);
    expect(await lintAs('process-env-outside-env.ts', 'apps/api/src/env.ts')).toEqual([]);
  });

  it('an API module imports another only through its index.ts', async () => {
    // The fixture's first import skips catalog's index.ts; its second goes through staff's.
    expect(await lintAs('api-module-skips-index.ts', 'apps/api/src/modules/admin/x.ts')).toEqual([
      'shop/api-modules',
    ]);
    // Inside its own module the same import is fine; so is a test reaching in to set up.
    expect(await lintAs('api-module-skips-index.ts', 'apps/api/src/modules/catalog/x.ts')).toEqual([]);
    expect(await lintAs('api-module-skips-index.ts', 'apps/api/src/modules/admin/x.test.ts')).toEqual([]);
  });

  it('query keys only from src/lib/query-keys.ts', async () => {
    expect(await lintAs('query-key-literal.ts', 'apps/web/src/features/catalog/api/x.ts')).toEqual([
      'shop/registries',
    ]);
    expect(await lintAs('query-key-literal.ts', 'apps/web/src/lib/query-keys.ts')).toEqual([]);
  });

  it('in-app addresses only from src/lib/paths.ts (navigate, to, href)', async () => {
    expect(await lintAs('path-literal.tsx', 'apps/web/src/features/orders/components/x.tsx')).toEqual([
      'shop/registries',
      'shop/registries',
    ]);
    expect(await lintAs('path-literal.tsx', 'apps/web/src/app/router.tsx')).toEqual([]);
  });

  it("error toasts only through a mutation's meta (app/query-client.ts)", async () => {
    expect(await lintAs('notify-error.ts', 'apps/web/src/features/cart/components/x.ts')).toEqual([
      'shop/registries',
    ]);
    expect(await lintAs('notify-error.ts', 'apps/web/src/app/query-client.ts')).toEqual([]);
  });
});

describe('functions stay under 150 lines', () => {
  // The fixture holds one function of 151 counted lines and one of 150 (blank lines and comments
  // in both, not counted): only the first is refused, in non-test code.
  it('a function over 150 lines (blank lines and comments not counted) is refused in source', async () => {
    expect(await lintAs('long-function.ts', 'apps/web/src/features/cart/components/x.tsx')).toEqual([
      'max-lines-per-function',
    ]);
    expect(await lintAs('long-function.ts', 'apps/api/src/modules/orders/x.ts')).toEqual([
      'max-lines-per-function',
    ]);
    expect(await lintAs('long-function.ts', 'packages/contract/src/x.ts')).toEqual([
      'max-lines-per-function',
    ]);
  });

  it('tests are not held to it', async () => {
    expect(await lintAs('long-function.ts', 'apps/api/src/modules/orders/x.test.ts')).toEqual([]);
    expect(await lintAs('long-function.ts', 'apps/web/src/features/cart/components/x.test.tsx')).toEqual([]);
    expect(await lintAs('long-function.ts', 'apps/api/src/test/x.ts')).toEqual([]);
  });

});

describe('the registries have no exemptions', () => {
  it('eslint.config.js lists no file the registry rule lets through', () => {
    const config = readFileSync(path.join(root, 'eslint.config.js'), 'utf8');
    expect(config).not.toMatch(/REGISTRY_DEBT|allow:/);
  });
});
