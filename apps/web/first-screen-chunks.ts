// The first screen's code in a handful of chunks instead of thirty (docs/decisions/043). Left to
// itself the bundler splits every module that two lazy pages share into a chunk of its own, so the
// home page asked for 28 scripts of 1–3 KB; on HTTP/1.1 (six connections to a host) and a mobile
// round trip each handful costs one more round trip before sign-in can start and the page draw.
// Here each group below becomes one chunk: the modules its roots import statically, less those of
// the groups before it. A module that the rest of the app shares with the first screen lives in its
// group's chunk, which the rest of the app then imports; everything else is split as before.
import { normalizePath, type Plugin } from 'vite';
import path from 'node:path';

type Group = { name: string; roots: string[] };

/**
 * The first screen's groups. Each chunk imports only the ones before it: the entry and what the
 * session start runs (`boot`: the HTML's script, and the home page's early reads, which start
 * with sign-in, decision 026), the app (`app`: router, layouts, shell), and the pages of the first
 * screen with what they share (`shop`). apps/api/src/modules/web/first-screen-modules.ts lists
 * the modules the server preloads; tooling/first-screen-build.test.ts checks that the two agree.
 * The roots keep their own small chunks: the entry stays the HTML's script, and each lazily
 * imported root stays a module of its own in the build's manifest, which the server reads.
 */
export const FIRST_SCREEN_GROUPS: Group[] = [
  { name: 'boot', roots: ['src/main.tsx', 'src/app/routes/home-prefetch.ts'] },
  { name: 'app', roots: ['src/app/render-app.tsx'] },
  {
    name: 'shop',
    roots: ['src/app/routes/home.tsx', 'src/app/routes/catalog.tsx', 'src/app/routes/catalog-category.tsx'],
  },
];

/**
 * Where a group's walk of the import graph goes: the app's own modules and the libraries the
 * first screen is made of. Not into the contract's index or zod: the first screen imports a few
 * pure helpers through that index, and walking on from it would name every schema (and zod).
 * What a group takes is then completed by Rolldown (`includeDependenciesRecursively`, below): the
 * dependencies that remain after tree-shaking join the group that imports them, so the contract's
 * helpers the first screen uses sit in its chunks, and its schemas and zod do not.
 */
const WALKED = [
  /[\\/]apps[\\/]web[\\/]src[\\/]/,
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand|use-sync-external-store)[\\/]/,
];

export function firstScreenChunks(root: string) {
  const members = FIRST_SCREEN_GROUPS.map(() => new Set<string>());
  const plugin: Plugin = {
    name: 'shop-first-screen-chunks',
    apply: 'build',
    // The module graph is complete here, and chunks are not yet made: fill each group.
    buildEnd(error) {
      if (error) return;
      for (const set of members) set.clear();
      const taken = new Set<string>();
      FIRST_SCREEN_GROUPS.forEach((group, index) => {
        const roots = group.roots.map((file) => normalizePath(path.resolve(root, file)));
        for (const id of roots) {
          const info = this.getModuleInfo(id);
          if (!info) this.error(`first-screen group ${group.name}: no module ${id}`);
          // A root reached statically by an earlier group would sit in that group's chunk, and a
          // root neither the HTML nor a lazy import loads would have no chunk of its own for the
          // server to preload.
          if (taken.has(id)) this.error(`first-screen group ${group.name}: ${id} is in an earlier group`);
          const ownChunk =
            info.isEntry ||
            info.dynamicImporters.length > 0 ||
            info.importers.some((i) => i.endsWith('.html'));
          if (!ownChunk) this.error(`first-screen group ${group.name}: ${id} is not imported lazily`);
        }
        const into = members[index]!;
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id) || taken.has(id) || !WALKED.some((test) => test.test(id))) continue;
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
    // A dependency two groups import (the contract's helpers, say) goes to the earlier group, so
    // that a chunk never imports a later one: boot before app before shop.
    priority: FIRST_SCREEN_GROUPS.length - index,
    // Rolldown's default, said aloud: each group takes its members' remaining dependencies too
    // (see WALKED), which also keeps the chunks free of import cycles.
    includeDependenciesRecursively: true,
  }));
  return { plugin, groups };
}
