// The first screen's code in a handful of chunks instead of thirty (docs/decisions/043). Left to
// itself the bundler splits every module that two lazy pages share into a chunk of its own, so the
// home page asked for 28 scripts of 1–3 KB; on HTTP/1.1 (six connections to a host) and a mobile
// round trip each handful costs one more round trip before sign-in can start and the page draw.
// Here each group below becomes one chunk: the modules its roots import statically, less those of
// the groups before it. A module that the rest of the app shares with the first screen lives in its
// group's chunk, which the rest of the app then imports; everything else is split as before.
import path from 'node:path';
import type { Plugin } from 'vite';

type Group = { name: string; roots: string[] };

/**
 * The first screen, in load order: the entry (the session start), the app (router, layouts, shell),
 * and the pages of the first screen with what they share (apps/api/src/modules/web/static-web.ts
 * preloads the same modules: `APP_MODULE` and `PAGE_MODULES`). The roots themselves keep their own
 * small chunks: the entry stays the HTML's script, and each lazy page stays a module of its own in
 * the build's manifest, which the server reads to preload it.
 */
export const FIRST_SCREEN_GROUPS: Group[] = [
  { name: 'boot', roots: ['src/main.tsx'] },
  { name: 'app', roots: ['src/app/render-app.tsx'] },
  {
    name: 'shop',
    roots: [
      'src/app/routes/home.tsx',
      'src/app/routes/catalog.tsx',
      'src/app/routes/catalog-category.tsx',
      'src/app/routes/home-prefetch.ts',
    ],
  },
];

/**
 * What a group may take: the app's own modules and the libraries the first screen is made of.
 * Not the contract or zod: the first screen imports a few pure helpers through the contract's
 * index, and taking what that index imports would put every schema (and zod) on the first screen.
 * A module left out here is split by the bundler as before, so a new library costs a request,
 * never a bigger first screen.
 */
const GROUPABLE = [
  /[\\/]apps[\\/]web[\\/]src[\\/]/,
  /[\\/]node_modules[\\/](preact|react-router|@tanstack|zustand|use-sync-external-store|embla-carousel)[\\/]/,
];

export function firstScreenChunks(root: string) {
  const members = FIRST_SCREEN_GROUPS.map(() => new Set<string>());
  const plugin: Plugin = {
    name: 'shop-first-screen-chunks',
    apply: 'build',
    // The module graph is complete here, and chunks are not yet made: fill each group.
    buildEnd() {
      const taken = new Set<string>();
      FIRST_SCREEN_GROUPS.forEach((group, index) => {
        const roots = new Set(group.roots.map((file) => path.resolve(root, file)));
        for (const id of roots) {
          if (!this.getModuleInfo(id)) this.error(`first-screen group ${group.name}: no module ${id}`);
        }
        const into = members[index]!;
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id) || taken.has(id) || !GROUPABLE.some((test) => test.test(id))) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          into.add(id);
          stack.push(...info.importedIds);
        }
        for (const id of into) taken.add(id);
        for (const id of roots) into.delete(id);
      });
    },
  };
  const groups = FIRST_SCREEN_GROUPS.map((group, index) => ({
    name: group.name,
    test: (id: string) => members[index]!.has(id),
    // The earlier group wins a module both could take (none should, as `taken` keeps them apart).
    priority: FIRST_SCREEN_GROUPS.length - index,
  }));
  return { plugin, groups };
}
