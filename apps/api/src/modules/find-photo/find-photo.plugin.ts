// Wires search by photo into the app: the PhotoSearch instance (decorated as `app.photoSearch`, so
// catalogue writes elsewhere can call `refresh()`), its first refresh once the app is ready, and a
// clean stop on close. Catalogue pictures are read through the app's own image route, which already
// knows demo drawings, uploaded files and allowed outside hosts (and caches the resized copy).
import type { FastifyInstance } from 'fastify';
import { hashFeatures } from './hash-features.ts';
import { createPhotoSearch, type PhotoSearch } from './photo-search.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Search by photo; call `refresh()` after writing the catalogue (modules/find-photo). */
    photoSearch: PhotoSearch;
  }
}

/** The picture size features are computed from (the index works at ≤ 256 px). */
const INDEX_PICTURE = 'w324'; // one of IMAGE_EDGES_PX: the resizer renders only those
const FIRST_REFRESH_DELAY_MS = 3_000;
/**
 * Describing pictures yields to shoppers: while requests keep arriving it waits for a pause this
 * long, but at most MAX_YIELD_MS a pair of pictures (so a busy shop still gets its index, slowly).
 */
const QUIET_MS = 50;
const MAX_YIELD_MS = 10_000;

/**
 * A wait for a pause in the server's HTTP requests (not the app's own injected ones): resolves at
 * once when no request arrived since the last call returned, else after QUIET_MS without a new
 * request or MAX_YIELD_MS at most.
 */
export function requestPauses(
  server: { on(event: 'request', listener: () => void): unknown },
  { quietMs = QUIET_MS, maxWaitMs = MAX_YIELD_MS } = {},
): () => Promise<void> {
  let requests = 0;
  server.on('request', () => {
    requests++;
  });
  let seen = 0;
  return async () => {
    const deadline = Date.now() + maxWaitMs;
    while (requests !== seen && Date.now() < deadline) {
      seen = requests;
      await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs, deadline - Date.now())));
    }
    seen = requests;
  };
}

export function decoratePhotoSearch(app: FastifyInstance, opts: { refreshOnStart: boolean }): void {
  const loadPicture = async (src: string) => {
    const source = src.startsWith('/') ? src.slice(1) : encodeURIComponent(src);
    const res = await app.inject({ method: 'GET', url: `/img/${INDEX_PICTURE}/${source}` });
    return res.statusCode === 200 ? res.rawPayload : undefined;
  };
  const photoSearch = createPhotoSearch({
    db: app.db,
    features: hashFeatures,
    loadPicture,
    log: app.log,
    yieldToRequests: requestPauses(app.server),
  });
  app.decorate('photoSearch', photoSearch);
  // In the background and a little later: start-up (and its readiness probe) never waits for
  // pictures to be described. PHOTO_INDEX_ON_START=off leaves it to the next catalogue write.
  if (!opts.refreshOnStart) return;
  app.addHook('onReady', async () => {
    setTimeout(() => void photoSearch.refresh(), FIRST_REFRESH_DELAY_MS).unref();
  });
  app.addHook('onClose', () => photoSearch.idle());
}
