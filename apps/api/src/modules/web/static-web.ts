// Serves the built web app: hashed assets immutable, precompressed .br/.gz siblings to browsers
// that accept them, and index.html for every app route. Unknown /api addresses stay JSON 404s.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultWebDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Registers the web app when WEB_DIST (or apps/web/dist) holds a build; otherwise nothing. */
export async function staticWeb(app: FastifyInstance, { webDist }: { webDist: string | undefined }) {
  const root = path.resolve(webDist ?? defaultWebDist);
  if (!existsSync(path.join(root, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts); they are
    // sent to browsers that accept them (the first screen's JavaScript is 3–4× smaller).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // An unknown API address is a JSON 404, never the app's HTML.
    if (isApiPath(request.url)) return reply.callNotFound();
    const file = path.join(root, path.normalize(request.url.split('?')[0] ?? '/'));
    const relative = path.relative(root, file);
    if (relative && !relative.startsWith('..') && existsSync(file) && !file.endsWith(path.sep)) {
      return reply.sendFile(relative);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
