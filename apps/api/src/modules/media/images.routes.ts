// Pictures: `GET /media/<path>` serves an original (demo pictures are drawn as SVG on request,
// imported files live in the media store under `media/`); `GET /img/{w|h}{px}/{source}` resizes a
// shop path or an allowed host's image to WebP with sharp, caching the result in the media store
// under `img-cache/` (the local DATA_DIR or the S3 bucket: media-store.ts).
import { IMAGE_EDGES_PX } from '@shop/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../../lib/safe-fetch.ts';
import { badGateway, badRequest, notFound } from '../../plugins/errors.ts';
import { demoPicture, drawDemoPicture } from '../catalog/index.ts';
import { isMediaPath } from '../../lib/media-path.ts';
import type { MediaStore } from './media-store.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const MAX_REMOTE_BYTES = 15 * 1024 * 1024;
/**
 * Decompression bombs: a small file that decodes to a huge bitmap is refused from its header,
 * before decoding (a 547 KB PNG decoding to 549 MB took the server to 1.2 GB).
 */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_INPUT_EDGE = 12_000;
const EDGES = new Set<number>(IMAGE_EDGES_PX);
const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

type Original = { body: Buffer; type: string };

export type ImagesOptions = {
  media: MediaStore;
  imageHosts: string[];
  /** Tests only: let the fetch reach a local server. */
  fetchOverrides?: Partial<SafeFetchOptions>;
};

export const imagesRoutes: FastifyPluginAsync<ImagesOptions> = async (
  app,
  { media, imageHosts, fetchOverrides },
) => {
  const inFlight = new Map<string, Promise<Buffer>>();

  /** The original of a shop path `media/...`; undefined when there is no such file. */
  async function readMedia(relative: string): Promise<Original | undefined> {
    if (!isMediaPath(relative)) throw badRequest('Неверный путь к картинке');
    const ext = relative.split('.').pop()!.toLowerCase();
    const demo = /^media\/demo\/(\d{1,6})\/(\d{1,3})\.svg$/.exec(relative);
    if (demo) {
      const picture = demoPicture(Number(demo[1]), Number(demo[2]) - 1);
      return picture ? { body: Buffer.from(drawDemoPicture(picture)), type: CONTENT_TYPES.svg! } : undefined;
    }
    const type = CONTENT_TYPES[ext];
    if (!type) throw badRequest('Неподдерживаемый формат картинки');
    const body = await media.get(relative);
    return body ? { body, type } : undefined;
  }

  /** Through the one SSRF-safe fetch (lib/safe-fetch.ts): listed hosts, public addresses only. */
  async function fetchRemote(url: URL): Promise<Original | undefined> {
    let response;
    try {
      response = await safeFetch(url, {
        allowedHosts: imageHosts,
        maxBytes: MAX_REMOTE_BYTES,
        timeoutMs: 10_000,
        maxRedirects: 3,
        ...fetchOverrides,
      });
    } catch (err) {
      if (!(err instanceof SafeFetchError)) throw err;
      if (err.reason === 'too_large') throw badRequest('Картинка слишком большая');
      if (err.reason === 'private_address' || err.reason === 'host_not_allowed' || err.reason === 'bad_url')
        throw badRequest('Картинки с этого адреса не поддерживаются');
      throw badGateway('Не удалось загрузить картинку');
    }
    if (response.status === 404) return undefined;
    if (response.status < 200 || response.status >= 300) throw badGateway('Не удалось загрузить картинку');
    return {
      body: response.body,
      type: String(response.headers['content-type'] ?? 'application/octet-stream'),
    };
  }

  const sendOriginal = (reply: FastifyReply, original: Original) =>
    reply.header('cache-control', IMMUTABLE).type(original.type).send(original.body);

  // Pictures never touch the database or the outbox: no request scope (plugins/request-context.ts;
  // the photo index loads them through app.inject, a second minute long after a start).
  const unscoped = { requestScope: false };

  app.get('/media/*', { schema: { hide: true }, config: unscoped }, async (request, reply) => {
    const relative = `media/${(request.params as { '*': string })['*']}`;
    const original = await readMedia(relative);
    if (!original) throw notFound('Нет фото');
    return sendOriginal(reply, original);
  });

  app.get('/img/:size/*', { schema: { hide: true }, config: unscoped }, async (request, reply) => {
    const { size } = request.params as { size: string };
    const match = /^([wh])(\d{1,5})$/.exec(size);
    const px = match ? Number(match[2]) : NaN;
    // Only the listed sizes: any other would render and cache one more file per picture.
    if (!match || !EDGES.has(px))
      throw badRequest(
        `Размер картинки: w или h и одно из чисел ${IMAGE_EDGES_PX.join(', ')}, например w600`,
      );
    // The raw source as sent: an encoded absolute URL must not be decoded twice by the router.
    const rawUrl = request.raw.url ?? '';
    const source = rawUrl.slice(rawUrl.indexOf(`/img/${size}/`) + `/img/${size}/`.length).split('?')[0] ?? '';
    if (!source) throw badRequest('Не указана картинка');

    let load: () => Promise<Original | undefined>;
    if (source.startsWith('media/')) {
      load = () => readMedia(source);
      // Validate now so a bad path is a 400 even when it is cached.
      if (!isMediaPath(source)) throw badRequest('Неверный путь к картинке');
    } else {
      let url: URL;
      try {
        url = new URL(decodeURIComponent(source));
      } catch {
        throw badRequest('Неверный адрес картинки');
      }
      const protocols = fetchOverrides?.protocols ?? ['https:'];
      if (!(protocols as readonly string[]).includes(url.protocol) || !imageHosts.includes(url.hostname))
        throw badRequest('Картинки с этого адреса не поддерживаются');
      if (!/\/[^/]+\.[A-Za-z0-9]+$/.test(url.pathname)) throw badRequest('Invalid URL: missing file name');
      load = () => fetchRemote(url);
    }

    const key = createHash('sha256').update(`${size}\n${source}`).digest('hex');
    const file = `img-cache/${key.slice(0, 2)}/${key}.webp`;
    const cached = await media.get(file).catch((err: unknown) => {
      request.log.warn({ err }, 'image cache read failed');
      return undefined;
    });
    if (cached) return reply.header('cache-control', IMMUTABLE).type('image/webp').send(cached);

    let job = inFlight.get(key);
    // Renders (not cache hits) count against the per-address image limit.
    if (!job) await app.limits.check('images', request, reply);
    if (!job) {
      job = (async () => {
        const original = await load();
        if (!original) throw notFound('Нет фото');
        const isSvg = original.type.includes('svg');
        const resize = match[1] === 'w' ? { width: px } : { height: px };
        const input = {
          limitInputPixels: MAX_INPUT_PIXELS,
          ...(isSvg ? { density: Math.min(600, Math.max(72, Math.ceil((72 * px) / 800))) } : {}),
        };
        // The header alone (no pixels decoded) says how big the bitmap would be.
        const meta = await sharp(original.body, { ...input, limitInputPixels: false })
          .metadata()
          .catch(() => {
            throw badRequest('Файл не является картинкой');
          });
        const [w, h] = [meta.width ?? 0, meta.height ?? 0];
        if (!isSvg && (w * h > MAX_INPUT_PIXELS || w > MAX_INPUT_EDGE || h > MAX_INPUT_EDGE))
          throw badRequest('Картинка слишком большая');
        const webp = await sharp(original.body, input)
          .resize({ ...resize, withoutEnlargement: !isSvg })
          .webp({ quality: 80 })
          .toBuffer()
          .catch(() => {
            throw badRequest('Файл не является картинкой');
          });
        try {
          await media.put(file, webp, 'image/webp');
        } catch (err) {
          request.log.warn({ err }, 'image cache write failed');
        }
        return webp;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    const webp = await job;
    return reply.header('cache-control', IMMUTABLE).type('image/webp').send(webp);
  });
};
