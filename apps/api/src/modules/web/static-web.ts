// Serves the built web app: hashed assets immutable, precompressed .br/.gz siblings to browsers
// that accept them, and index.html for every app route. Unknown /api addresses stay JSON 404s.
// index.html is sent with its small entry stylesheet inlined (no render-blocking request), and for
// the first-screen pages with their answers, picture preload and chunk preloads (first-screen.ts,
// docs/decisions/033).
import { DEFAULT_APP_NAME, DEFAULT_BOT_USERNAME } from '@shop/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  ANSWER_BUDGET_MS,
  categoryFirstPaint,
  firstScreen,
  homeFirstPaint,
  firstScreenPage,
  firstScreenTags,
  type FirstScreenPage,
} from './first-screen.ts';
import { PAINTED_DRAWER_ELEMENT_ID } from './first-paint.ts';
import { APP_MODULE, PAGE_MODULES as PAGES } from './first-screen-modules.ts';

const defaultWebDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Every first-screen page, and the product drawer, has its modules (the type checks the kinds). */
const PAGE_MODULES: Record<FirstScreenPage['kind'] | 'product', string[]> = PAGES;

export const DEV_INIT_DATA_PRELOAD =
  '<link rel="preload" as="fetch" crossorigin href="/api/v1/dev/init-data">';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

/**
 * The chunk and stylesheet preloads of each page, from the build's manifest: the page's modules
 * and everything they import statically, less what index.html already loads. None without a manifest.
 */
type PageChunks = {
  /** `modulepreload` and stylesheet `preload` tags. */
  tags: string;
  /** The modulepreload tags alone, and the stylesheets' files (assets/…css) to inline instead. */
  scripts: string;
  css: string[];
  /** The chunks' addresses (/assets/…js), in the order of `scripts`. */
  files: string[];
};

function chunkPreloads(root: string): Record<keyof typeof PAGE_MODULES | 'app', PageChunks> {
  const file = path.join(root, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const inEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const dependency of chunk.imports ?? []) walk(dependency, into);
  };
  if (manifest['index.html']) walk('index.html', inEntry);
  const tags = (modules: string[], loaded: Set<string>) => {
    const keys = new Set<string>();
    for (const module of modules) walk(module, keys);
    const chosen = [...keys].filter((key) => !loaded.has(key));
    const files = chosen.map((key) => `/${manifest[key]!.file}`);
    // Low: the painted HTML and its pictures come first; these chunks draw nothing before §4's
    // session start is done (docs/decisions/082). The entry and what it imports stay high.
    const scripts = files.map(
      (file) => `<link rel="modulepreload" crossorigin href="${file}" fetchpriority="low">`,
    );
    const css = [...new Set(chosen.flatMap((key) => manifest[key]!.css ?? []))];
    const styles = css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
    return { tags: [...scripts, ...styles].join(''), scripts: scripts.join(''), css, files };
  };
  // The app's chunks come with every page; a page's own tags leave them out.
  const app = tags([APP_MODULE], inEntry);
  const inEntryOrApp = new Set(inEntry);
  walk(APP_MODULE, inEntryOrApp);
  // The drawer opens over a category's page only: what that page brings is not written twice.
  const withCategory = new Set(inEntryOrApp);
  for (const module of PAGE_MODULES.category) walk(module, withCategory);
  return {
    app,
    home: tags(PAGE_MODULES.home, inEntryOrApp),
    catalogue: tags(PAGE_MODULES.catalogue, inEntryOrApp),
    category: tags(PAGE_MODULES.category, inEntryOrApp),
    product: tags(PAGE_MODULES.product, withCategory),
  };
}

/**
 * index.html with its entry stylesheets inlined: a few KB, and no request before the first paint.
 * Each keeps its `<link>`, disabled (never fetched, never applied): Vite's loader looks for that
 * link before a lazy chunk that lists the stylesheet may run, and without it would fetch the
 * stylesheet again on the way to the first screen (docs/decisions/043).
 */
function inlineStylesheets(html: string, root: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const css = path.join(root, file);
      return existsSync(css)
        ? `<style>${readFileSync(css, 'utf8')}</style><link rel="stylesheet" href="/${file}" disabled>`
        : tag;
    },
  );
}

/** The name of the meta element that lists the chunks the entry preloads after the first paint. */
export const MODULES_AFTER_PAINT = 'modules-after-paint';

/**
 * A product's address whose sheet the HTML paints (decision 069): the app's, the page's and the
 * drawer's chunks are not preloaded by the HTML but listed for the entry, which preloads them once
 * the painted sheet's picture is on screen (apps/web/src/lib/modules-after-paint.ts). Nothing they
 * hold is drawn before §4's session start is done; asked for with the HTML they shared a slow link
 * with that picture (the page's largest paint). The entry and what it imports (the session start
 * itself) are asked for with the HTML as before. Addresses of the build's own files only.
 */
export const modulesAfterPaint = (files: string[]) =>
  `<meta name="${MODULES_AFTER_PAINT}" content="${files.join(' ')}">`;

/**
 * The bot and Mini App names for the app's own links (product shares), from the same settings the
 * API's links (invites) use, so the two never name different bots. Only `A-Z a-z 0-9 _` reach it.
 */
export function linkNamesMeta({
  botUsername,
  appName,
}: {
  botUsername?: string | undefined;
  appName?: string | undefined;
}) {
  const safe = (name: string | undefined, fallback: string) =>
    name && /^\w{1,64}$/.test(name) ? name : fallback;
  return `<meta name="shop-links" content="${safe(botUsername, DEFAULT_BOT_USERNAME)}/${safe(appName, DEFAULT_APP_NAME)}">`;
}

type Encoding = 'br' | 'gzip' | 'identity';

function encodingFor(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = encodingFor(request);
  // The HTML carries catalogue answers of this moment: never stored, never revalidated by a tag.
  void reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding === 'identity') return reply.send(html);
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzipAsync(html, { level: 6 });
  return reply.header('content-encoding', encoding).send(body);
}

/** Registers the web app when WEB_DIST (or apps/web/dist) holds a build; otherwise nothing. */
export async function staticWeb(
  app: FastifyInstance,
  {
    webDist,
    devLogin = false,
    answerBudgetMs = ANSWER_BUDGET_MS,
    links = {},
  }: {
    webDist: string | undefined;
    devLogin?: boolean;
    answerBudgetMs?: number;
    /** BOT_USERNAME and APP_NAME: the one setting that names the bot in every link (issue 27). */
    links?: { botUsername?: string | undefined; appName?: string | undefined };
  },
) {
  const root = path.resolve(webDist ?? defaultWebDist);
  if (!existsSync(path.join(root, 'index.html'))) return;
  const built = inlineStylesheets(readFileSync(path.join(root, 'index.html'), 'utf8'), root);
  // Dev login outside Telegram: the app's first request is the demo shopper's init data, which
  // inside Telegram is in the address. Asked for with the HTML, so the session start does not
  // wait for the entry script to ask (the same request: it carries no token).
  const preloads = chunkPreloads(root);
  const common = (devLogin ? DEV_INIT_DATA_PRELOAD : '') + linkNamesMeta(links);
  const template = built.replace('</head>', () => `${preloads.app.tags}${common}</head>`);
  // A page the HTML paints (first-paint.ts) needs its stylesheets before any script: inlined as
  // the entry's are, each with its disabled <link> for Vite's loader (inlineStylesheets).
  const inlineCss = (files: string[]) =>
    files
      .filter((file) => existsSync(path.join(root, file)))
      .map(
        (file) =>
          `<style>${readFileSync(path.join(root, file), 'utf8')}</style><link rel="stylesheet" href="/${file}" disabled>`,
      )
      .join('');
  const paintTemplate = (sheet: boolean) =>
    built.replace(
      '</head>',
      () => `${sheet ? '' : preloads.app.scripts}${inlineCss(preloads.app.css)}${common}</head>`,
    );
  const paintTemplates = { page: paintTemplate(false), sheet: paintTemplate(true) };
  const sheetModules = modulesAfterPaint([
    ...preloads.app.files,
    ...preloads.category.files,
    ...preloads.product.files,
  ]);
  const pageCss = {
    home: inlineCss(preloads.home.css),
    catalogue: inlineCss(preloads.catalogue.css),
    category: inlineCss(preloads.category.css),
  };
  const productCss = inlineCss(preloads.product.css);
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
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // An unknown API address is a JSON 404, never the app's HTML.
    if (isApiPath(request.url)) return reply.callNotFound();
    const file = path.join(root, path.normalize(request.url.split('?')[0] ?? '/'));
    const relative = path.relative(root, file);
    if (
      relative &&
      relative !== 'index.html' &&
      !relative.startsWith('..') &&
      existsSync(file) &&
      !file.endsWith(path.sep)
    ) {
      return reply.sendFile(relative);
    }
    const page = firstScreenPage(request.url);
    if (!page) return sendHtml(request, reply, template);
    const screen = await firstScreen(app, page, answerBudgetMs);
    const tags = firstScreenTags(screen);
    const paint =
      page.kind === 'category'
        ? categoryFirstPaint(screen, page.categoryId, page.productId)
        : page.kind === 'home'
          ? homeFirstPaint(screen)
          : null;
    // A painted product sheet (first-paint.ts) needs the drawer's stylesheets before any script too.
    const sheet =
      page.kind === 'category' && !!page.productId && !!paint?.includes(`id="${PAINTED_DRAWER_ELEMENT_ID}"`);
    const drawer =
      page.kind !== 'category' || !page.productId ? '' : sheet ? productCss : preloads.product.tags;
    const chunks = sheet
      ? sheetModules + pageCss[page.kind] + drawer
      : paint
        ? preloads[page.kind].scripts + pageCss[page.kind] + drawer
        : preloads[page.kind].tags + drawer;
    // Functions, not strings, as replacements: a `$&` in a product title stays as it is.
    const html = (paint ? paintTemplates[sheet ? 'sheet' : 'page'] : template)
      .replace('<title>', () => `${tags.head}<title>`)
      .replace('</head>', () => `${chunks}</head>`)
      .replace('<div id="root">', () => `${paint ?? ''}<div id="root">`)
      .replace('</body>', () => `${tags.body}</body>`);
    return sendHtml(request, reply, html);
  });
}
