// Proves the first screen's chunking on a real build of the web app (apps/web/first-screen-chunks.ts,
// docs/decisions/043): each first-screen page loads a handful of scripts, as the server preloads
// them from the manifest, and none of those scripts holds the console, the programme pages, a
// drawer, toasts, the lightbox, the table or zod (issue 13, target 1).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '..', 'apps', 'web');
const outDir = mkdtempSync(path.join(tmpdir(), 'shop-web-build-'));
const src = (file: string) => path.join(webRoot, 'src', file);

/** What a first-screen page runs: the entry, the app (render-app.tsx) and the page's own modules. */
const PAGES: Record<string, string[]> = {
  '/': ['app/routes/home.tsx', 'app/routes/home-prefetch.ts'],
  '/catalog': ['app/routes/catalog.tsx', 'app/routes/home-prefetch.ts'],
  '/catalog/{id}': ['app/routes/catalog-category.tsx', 'app/routes/home-prefetch.ts'],
};

const OFF_THE_FIRST_SCREEN = [
  /[\\/]node_modules[\\/](zod|vaul|@radix-ui|sonner|yet-another-react-lightbox|@tanstack[\\/]react-table)[\\/]/,
  /[\\/]src[\\/]app[\\/]routes[\\/](admin|programmes)[\\/]/,
  /[\\/]src[\\/]components[\\/]ui[\\/](drawer|toaster|image-lightbox)\.tsx$/,
];

let chunks: Rolldown.OutputChunk[] = [];

beforeAll(async () => {
  const result = await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  chunks = outputs.flatMap((o) => o.output.filter((c): c is Rolldown.OutputChunk => c.type === 'chunk'));
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The entry's chunk, the chunks of these lazy modules, and every chunk they import statically. */
function loadedBy(modules: string[]): Rolldown.OutputChunk[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) visit(byFile.get(file)!);
  };
  const entries = chunks.filter((c) => c.isEntry);
  expect(entries.map((c) => c.name)).toEqual(['index']);
  visit(entries[0]!);
  for (const id of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    expect(chunk, `a chunk for ${id}`).toBeDefined();
    visit(chunk!);
  }
  return [...seen.values()];
}

const strays = (loaded: Rolldown.OutputChunk[]) =>
  loaded.flatMap((c) => c.moduleIds).filter((id) => OFF_THE_FIRST_SCREEN.some((re) => re.test(id)));

describe('the first screen of the built app', () => {
  for (const [page, modules] of Object.entries(PAGES)) {
    it(`${page} loads at most 8 scripts, none with code of another screen`, () => {
      const loaded = loadedBy([src('app/render-app.tsx'), ...modules.map(src)]);
      // Left to the bundler alone, `/` loaded 28 scripts (decision 043).
      expect(loaded.map((c) => c.fileName).length).toBeLessThanOrEqual(8);
      expect(strays(loaded)).toEqual([]);
    });
  }

  it('would see a drawer: the product drawer, loaded when a product opens, holds vaul and drawer.tsx', () => {
    const found = strays(loadedBy([src('app/product-drawer-composed.tsx')]));
    expect(found.some((id) => /node_modules[\\/]vaul[\\/]/.test(id))).toBe(true);
    expect(found.some((id) => id.endsWith(`ui${path.sep}drawer.tsx`))).toBe(true);
  });

  it('keeps zod out of the first-screen chunks, and the console in a chunk of its own', () => {
    const groups = chunks.filter((c) => /^assets\/(boot|app|shop)-/.test(c.fileName));
    expect(groups.map((c) => c.name).sort()).toEqual(['app', 'boot', 'shop']);
    const admin = chunks.find((c) => c.facadeModuleId === src('app/routes/admin/admin-app.tsx'));
    expect(admin?.moduleIds.some((id) => id.includes(`${path.sep}routes${path.sep}admin${path.sep}`))).toBe(
      true,
    );
    expect(groups.flatMap((c) => c.moduleIds).filter((id) => /node_modules[\\/]zod[\\/]/.test(id))).toEqual(
      [],
    );
  });
});
