// The one way a link built from stored data becomes an `href` or an opened page, in the shopper's
// app and the console (docs/product.md §16, docs/decisions/044): absolute `https:` URLs and the
// app's own paths pass, anything else (`javascript:`, `data:`, `http:`, `//host`, share text) does
// not, and is shown as plain text by StoredLink.
import { httpsUrlOf } from '@shop/contract';

/** An in-app path: one leading slash, not a protocol-relative `//host` or a `/\host` trick. */
const APP_PATH = /^\/(?![/\\])[^\s\\]*$/;

export function safeHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (APP_PATH.test(trimmed)) return trimmed;
  return httpsUrlOf(trimmed);
}
