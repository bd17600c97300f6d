// What a shopper pastes into «Найти товар на Poizon», read without a schema library so the web page
// can check it before asking the server (docs/product.md §14.1). Accepts the raw share text of the
// Poizon (Dewu) app, dw4.co short links, dewu.com / poizon.com links with a spuId, a bare spuId
// and an article number.

export type PoizonQuery =
  /** A product number (spuId) read from a link or typed bare; `url` is the link it came from. */
  | { kind: 'spu'; spu_id: string; sku_id?: string; url?: string }
  /** A dw4.co short link: only following its redirects (or a data provider) tells the spuId. */
  | { kind: 'short_link'; url: string }
  /** A Poizon/Dewu link that names no product number (a page of the app, a shop). */
  | { kind: 'link'; url: string }
  /** A manufacturer's article number such as DD1391-100, normalised to upper case. */
  | { kind: 'article'; article: string };

/** Hosts whose links are Poizon's: dewu.com, poizon.com and their subdomains, and dw4.co. */
export const isPoizonHost = (host: string): boolean => {
  const h = host.toLowerCase().replace(/\.$/, '');
  return (
    h === 'dw4.co' ||
    h === 'dewu.com' ||
    h.endsWith('.dewu.com') ||
    h === 'poizon.com' ||
    h.endsWith('.poizon.com') ||
    h === 'dewu.net' ||
    h.endsWith('.dewu.net')
  );
};

// The contract compiles without DOM or Node types; browsers and Node both have the WHATWG URL.
interface WhatwgUrl {
  hostname: string;
  pathname: string;
  searchParams: { get(name: string): string | null };
  toString(): string;
}
declare const URL: new (input: string) => WhatwgUrl;

const SPU_RE = /^\d{5,12}$/;
// A URL inside free text ends at whitespace or at the first non-ASCII character (the share text
// goes on in Chinese: «…/t/A/abc，点击链接直接打开。»).
const URL_IN_TEXT =
  /(?:(?:https?|dewulink):\/\/|\b(?:dw4\.co|(?:[a-z0-9-]+\.)*(?:dewu|poizon)\.com)\/)[\x21-\x7e]*/i;
const ARTICLE_RE = /^[A-Za-z0-9][A-Za-z0-9\-_./]{3,29}$/;

const trimUrlTail = (url: string) => url.replace(/[)\]}>'".,;!?]+$/, '');

function readUrl(raw: string): PoizonQuery | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: WhatwgUrl;
  try {
    url = new URL(withScheme.replace(/^dewulink:\/\//i, 'https://'));
  } catch {
    return null;
  }
  if (!isPoizonHost(url.hostname)) return null;
  const canonical = url.toString();
  const params = url.searchParams;
  const spu = params.get('spuId') ?? params.get('spuid') ?? params.get('spu_id') ?? params.get('productId');
  const sku = params.get('skuId') ?? params.get('skuid') ?? undefined;
  const skuOk = sku && /^\d{1,15}$/.test(sku) ? sku : undefined;
  if (spu && SPU_RE.test(spu)) {
    return { kind: 'spu', spu_id: spu, url: canonical, ...(skuOk ? { sku_id: skuOk } : {}) };
  }
  if (url.hostname.toLowerCase() === 'dw4.co') return { kind: 'short_link', url: canonical };
  // poizon.com/product/<slug>-<spuId> and similar: the last 5–12-digit run of the path.
  const pathDigits = url.pathname.match(/(?:^|[^\d])(\d{5,12})(?:\.html)?\/?$/);
  if (pathDigits?.[1]) return { kind: 'spu', spu_id: pathDigits[1], url: canonical };
  const idParam = params.get('id');
  if (idParam && SPU_RE.test(idParam)) return { kind: 'spu', spu_id: idParam, url: canonical };
  return { kind: 'link', url: canonical };
}

/**
 * Reads what a shopper pasted. Returns null when it is neither a Poizon link, a product number nor
 * an article (the server answers that with 400 «Не удалось распознать ссылку или артикул»).
 */
export function parsePoizonQuery(text: string): PoizonQuery | null {
  const input = text.trim().slice(0, 4000);
  if (!input) return null;
  const urlMatch = input.match(URL_IN_TEXT);
  if (urlMatch) {
    const parsed = readUrl(trimUrlTail(urlMatch[0]));
    if (parsed) return parsed;
  }
  // Any other link (a shop that is not Poizon) is not something we can look up.
  if (/(?:https?:\/\/|www\.)\S/i.test(input)) return null;
  const compact = input.replace(/\s+/g, '');
  if (SPU_RE.test(compact)) return { kind: 'spu', spu_id: compact.replace(/^0+(?=\d)/, '') };
  if (
    ARTICLE_RE.test(compact) &&
    /\d/.test(compact) &&
    /[A-Za-z]/.test(compact) &&
    input.split(/\s+/).length <= 2
  ) {
    return { kind: 'article', article: compact.toUpperCase() };
  }
  return null;
}
