// Keeps the picture index in step with the catalogue: `refresh()` computes the features of published
// products' first pictures that have none yet (in the background, a few at a time, so start-up is not
// blocked), drops rows of pictures that left the catalogue, and swaps in a new in-memory index.
// Catalogue writes (seed, import, publish/hide in the console) call `refresh()`.
import type { PhotoCrop } from '@shop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { PhotoFeatures } from './photo-features.ts';
import { PhotoIndex, type PhotoHit } from './photo-index.ts';
import {
  deleteStaleFeatures,
  loadIndexRows,
  picturesWithoutFeatures,
  saveFeatures,
  type IndexRow,
} from './photo-features.repository.ts';

/** Bytes of a catalogue picture by its stored src; undefined when it cannot be had. */
export type PictureLoader = (src: string) => Promise<Buffer | undefined>;

export type PhotoSearch = {
  /** Brings the index up to date with the catalogue; concurrent calls share one run. */
  refresh(): Promise<void>;
  /** Pictures in the index now. */
  readonly size: number;
  search(image: Buffer, crop: PhotoCrop | undefined, limit: number): Promise<PhotoHit[]>;
  /** Waits for a running refresh (app shutdown). */
  idle(): Promise<void>;
};

const BATCH = 32;
const PARTIAL_BUILD_MS = 2_000;
const EMPTY = new Uint8Array(0);

export function createPhotoSearch(opts: {
  db: Database;
  features: PhotoFeatures;
  loadPicture: PictureLoader;
  log: FastifyBaseLogger;
  /**
   * Awaited before each pair of pictures is described: lets shoppers' requests go first (the
   * plugin waits while the server is busy, see find-photo.plugin.ts). None: no pause.
   */
  yieldToRequests?: () => Promise<void>;
}): PhotoSearch {
  const { db, features, loadPicture, log, yieldToRequests } = opts;
  let index = new PhotoIndex([]);
  let loaded = false;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function describe(p: { productId: number; src: string; position: number }): Promise<IndexRow> {
    try {
      const bytes = await loadPicture(p.src);
      if (bytes) return { ...p, ...(await features.extract(bytes)) };
      log.warn({ src: p.src }, 'photo index: picture not found');
    } catch (err) {
      // Closing: the app's own image route is gone; the batch is dropped unsaved (sync stops).
      if (!closed) log.warn({ err, src: p.src }, 'photo index: picture not readable');
    }
    // Remembered as empty (skipped by the index) so a broken picture is not fetched on every run;
    // a new src for the product is indexed afresh.
    return { ...p, phash: 0n, dhash: 0n, histogram: EMPTY, shape: EMPTY };
  }

  let firstLoad: Promise<void> | undefined;
  /** The rows behind `index`; pictures described by a running refresh are added as they come. */
  let rows: IndexRow[] = [];
  let builtAt = 0;
  const build = () => {
    index = new PhotoIndex(rows);
    builtAt = Date.now();
  };
  async function reload() {
    rows = (await loadIndexRows(db, features.id)).filter((r) => r.histogram.length > 0);
    build();
    loaded = true;
  }
  /** The rows already stored, without waiting for pictures still being computed. */
  const ensureLoaded = () => (loaded ? Promise.resolve() : (firstLoad ??= reload()));

  async function sync() {
    await ensureLoaded();
    let computed = 0;
    for (;;) {
      if (closed) return;
      const pending = await picturesWithoutFeatures(db, features.id, BATCH);
      if (!pending.length) break;
      const described: IndexRow[] = [];
      // Two at a time: sharp has its own threads, and shoppers share the CPU.
      for (let i = 0; i < pending.length; i += 2) {
        if (yieldToRequests) await yieldToRequests();
        if (closed) return;
        described.push(...(await Promise.all(pending.slice(i, i + 2).map(describe))));
      }
      if (closed) return;
      await saveFeatures(db, features.id, described);
      computed += described.length;
      // A first start describes the whole catalogue: what is ready is searchable every few seconds.
      rows.push(...described.filter((r) => r.histogram.length > 0));
      if (Date.now() - builtAt > PARTIAL_BUILD_MS) build();
    }
    await deleteStaleFeatures(db);
    await reload();
    if (computed) log.info({ computed, indexed: index.size }, 'photo index updated');
  }

  function refresh(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await sync();
      } while (again && !closed);
    })()
      .catch((err: unknown) => {
        if (!closed) log.error({ err }, 'photo index refresh failed');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    refresh,
    get size() {
      return index.size;
    },
    async search(image, crop, limit) {
      // Extract first: a file that is not a picture is refused without waiting for the index.
      const views = await features.extractQuery(image, crop);
      await ensureLoaded();
      return index.search(views, limit);
    },
    async idle() {
      closed = true;
      await running;
    },
  };
}
