import react from '@vitejs/plugin-react';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenChunks } from './first-screen-chunks.ts';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:8080';

/** Writes .br and .gz beside every text asset of the build; the API serves them (preCompressed). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Not after a failed build: it would hide the build's own error behind a missing directory.
    closeBundle(error) {
      if (error || !existsSync(outDir)) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * @tma.js/sdk's imports of @tma.js/bridge get src/telegram/tma-bridge.ts, the bridge with its
 * launch parameters retrieved once (docs/decisions/078). Every other importer, that module included,
 * gets the bridge itself. In the build: the dev server's pre-bundled dependencies and the unit tests
 * (which load the SDK from node_modules as it is) keep the plain bridge, slower with the same answers.
 */
function tmaLaunchParamsOnce(): Plugin {
  const sdk = /[\\/]node_modules[\\/]@tma\.js[\\/]sdk[\\/]/;
  const replacement = path.resolve(import.meta.dirname, 'src/telegram/tma-bridge.ts');
  return {
    name: 'shop-tma-launch-params-once',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@tma.js/bridge' && importer && sdk.test(importer)) return replacement;
      return null;
    },
  };
}

const firstScreen = firstScreenChunks(import.meta.dirname);

export default defineConfig({
  // React DOM renders the app everywhere: the build, the dev server (with Fast Refresh) and the
  // unit tests (docs/decisions/044).
  plugins: [react(), precompress(), firstScreen.plugin, tmaLaunchParamsOnce()],
  // The manifest names each page's chunks: the API preloads them in the HTML (docs/decisions/033).
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    manifest: true,
    // The first screen in a few chunks, not thirty (first-screen-chunks.ts, docs/decisions/043).
    rolldownOptions: { output: { codeSplitting: { groups: firstScreen.groups } } },
  },
  server: { proxy: { '/api': apiTarget, '/img': apiTarget } },
});
