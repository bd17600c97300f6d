// Proves the first screen's chunking on a real production build of the web app
// (apps/web/first-screen-chunks.ts, docs/decisions/043): each first-screen page loads a handful of
// scripts, as the server preloads them from the manifest; none of those scripts holds the console,
// the programme pages, a drawer, toasts, the lightbox, the table or zod (issue 13, target 1); the
// session start's early reads need nothing but the entry's chunk; the build's groups and the
// server's preload list name the same modules; and the app ships React DOM's production build, with
// no Preact (docs/decisions/044: no renderer is swapped in at build time).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, normalizePath, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MODULE, PAGE_MODULES } from '../apps/api/src/modules/web/first-screen-modules.ts';
import { FIRST_SCREEN_GROUPS } from '../apps/web/first-screen-chunks.ts';

const webRoot = path.resolve(import.meta.dirname, '..', 'apps', 'web');
const outDir = mkdtempSync(path.join(tmpdir(), 'shop-web-build-'));
/** A module id as the bundler names it, from a path relative to apps/web (`src/…`). */
const id = (file: string) => normalizePath(path.join(webRoot, file));

const PAGES = {
  '/': PAGE_MODULES.home,
  '/catalog': PAGE_MODULES.catalogue,
  '/catalog/{id}': PAGE_MODULES.category,
};

const OFF_THE_FIRST_SCREEN = [
  /\/node_modules\/(zod|vaul|@radix-ui|sonner|yet-another-react-lightbox|@tanstack\/react-table|embla-carousel)\//,
  /\/src\/app\/routes\/(admin|programmes)\//,
  /\/src\/components\/ui\/(drawer|toaster|image-lightbox)\.tsx$/,
];

let chunks: Rolldown.OutputChunk[] = [];

beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which Vite would keep: the build would be a development one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    chunks = outputs.flatMap((o) => o.output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk'));
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The chunks of these modules (the entry's with `entry`), and every chunk they import statically. */
function loadedBy(modules: readonly string[], { entry = true } = {}): Rolldown.OutputChunk[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) visit(byFile.get(file)!);
  };
  if (entry) {
    const entries = chunks.filter((c) => c.isEntry);
    expect(entries.map((c) => c.name)).toEqual(['index']);
    visit(entries[0]!);
  }
  for (const module of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId === id(module));
    expect(chunk, `a chunk of its own for ${module}`).toBeDefined();
    visit(chunk!);
  }
  return [...seen.values()];
}

const strays = (loaded: Rolldown.OutputChunk[]) =>
  loaded.flatMap((c) => c.moduleIds).filter((m) => OFF_THE_FIRST_SCREEN.some((re) => re.test(m)));

describe('the renderer in the built app (docs/decisions/044)', () => {
  const modules = () => chunks.flatMap((c) => c.moduleIds);

  it("holds React DOM's production client, in the first screen's chunks", () => {
    const reactDom = modules().filter((m) => /\/node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/.test(m));
    expect(reactDom).toHaveLength(1);
    const firstScreen = loadedBy([APP_MODULE]).flatMap((c) => c.moduleIds);
    expect(firstScreen).toContain(reactDom[0]);
    // The development build would say so in its code; the production one has no such warning.
    expect(modules().some((m) => /react-dom[^/]*\.development\.js$/.test(m))).toBe(false);
  });

  it('holds no Preact, in any chunk', () => {
    expect(modules().filter((m) => /\/node_modules\/preact\//.test(m))).toEqual([]);
    expect(chunks.filter((c) => /from\s*["']preact|preact\/compat/.test(c.code)).map((c) => c.fileName)).toEqual([]);
  });
});

describe('the first screen of the built app', () => {
  it("groups the modules the server preloads: the app's root, and every page's", () => {
    const roots = (name: string) => FIRST_SCREEN_GROUPS.find((g) => g.name === name)!.roots;
    expect(roots('app')).toEqual([APP_MODULE]);
    const pages = new Set(Object.values(PAGES).flat());
    expect(new Set([...roots('boot'), ...roots('shop')])).toEqual(new Set(['src/main.tsx', ...pages]));
  });

  for (const [page, modules] of Object.entries(PAGES)) {
    it(`${page} loads at most 8 scripts, none with code of another screen`, () => {
      const loaded = loadedBy([APP_MODULE, ...modules]);
      // Left to the bundler alone, `/` loaded 28 scripts (decision 043).
      expect(loaded.length).toBeLessThanOrEqual(8);
      expect(strays(loaded)).toEqual([]);
    });
  }

  it("the session start's early reads (home-prefetch) need only the entry's chunks", () => {
    const entry = loadedBy([]).map((c) => c.fileName);
    const prefetch = loadedBy(['src/app/routes/home-prefetch.ts'], { entry: false });
    expect(prefetch.filter((c) => !entry.includes(c.fileName)).map((c) => c.name)).toEqual(['home-prefetch']);
  });

  it('would see a drawer: the product drawer, loaded when a product opens, holds vaul and drawer.tsx', () => {
    const found = strays(loadedBy(['src/app/product-drawer-composed.tsx']));
    expect(found.some((m) => m.includes('/node_modules/vaul/'))).toBe(true);
    expect(found.some((m) => m.endsWith('/ui/drawer.tsx'))).toBe(true);
  });

  it('keeps zod out of the first-screen chunks, and the console in a chunk of its own', () => {
    const groups = chunks.filter((c) => /^assets\/(boot|app|shop)-/.test(c.fileName));
    expect(groups.map((c) => c.name).sort()).toEqual(['app', 'boot', 'shop']);
    const admin = chunks.find((c) => c.facadeModuleId === id('src/app/routes/admin/admin-app.tsx'));
    expect(admin?.moduleIds.some((m) => m.includes('/src/app/routes/admin/'))).toBe(true);
    expect(groups.flatMap((c) => c.moduleIds).filter((m) => m.includes('/node_modules/zod/'))).toEqual([]);
  });
});
