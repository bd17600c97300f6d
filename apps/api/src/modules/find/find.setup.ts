// Wires find into the app: the Poizon provider POIZON_PROVIDER names, the service with its caches,
// the fixture's pictures. The job that expires quotes after 24 h starts with the other background
// jobs (background-jobs.ts).
import type { FastifyInstance } from 'fastify';
import type { PoizonEnv } from '../../env.ts';
import { fixtureProvider, writeFixturePictures } from './fixture-provider.ts';
import { httpProvider } from './http-provider.ts';
import { noneProvider, type PoizonProvider } from './poizon-provider.ts';
import { createPoizonShared, type PoizonShared } from './poizon-shared.ts';
import { createPoizonService, type PoizonService } from './poizon.service.ts';

export function createPoizonProvider(env: PoizonEnv | undefined, shared?: PoizonShared): PoizonProvider {
  if (env?.provider === 'fixture') return fixtureProvider;
  if (env?.provider === 'http' && env.apiUrl) {
    return httpProvider({ apiUrl: env.apiUrl, apiKey: env.apiKey, minIntervalMs: env.minIntervalMs, shared });
  }
  return noneProvider;
}

export async function setupFind(app: FastifyInstance): Promise<{ service: PoizonService }> {
  // REDIS_URL (the rate limits' setting): the provider's answers and pace are shared by instances.
  const wantsShared = app.env.redisUrl && app.env.poizon && app.env.poizon.provider !== 'none';
  const shared = wantsShared ? createPoizonShared(app.env.redisUrl!, { log: app.log }) : undefined;
  if (shared) app.addHook('onClose', () => shared.close());
  const provider = createPoizonProvider(app.env.poizon, shared);
  if (provider.kind === 'fixture') {
    await writeFixturePictures(app.media).catch((err: unknown) =>
      app.log.warn({ err }, 'Poizon fixture pictures not written'),
    );
  }
  return { service: createPoizonService(app.db, provider, app.log, shared) };
}
