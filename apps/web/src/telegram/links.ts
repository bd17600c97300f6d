// Links out of the app: external pages through Telegram's openLink (a new browser tab when that
// fails, docs/product.md §8) and product sharing through Telegram's share dialog with the
// `startapp=productId_{id}` deep link (with the sharer's invite, `__ref_{code}`) and the product
// title (docs/product.md §7, §13). Through the SDK once it has started; before that (the first
// seconds of a page load, telegram/sdk.ts) the same events are posted by hand (bridge.ts).
import { DEFAULT_APP_NAME, DEFAULT_BOT_USERNAME, miniAppLink } from '@shop/contract';
import { getSharerRef } from '../lib/sharer-ref.ts';
import { postEvent, supports } from './bridge.ts';
import { sdkNow } from './sdk.ts';

/**
 * The bot and Mini App names, from the server's `<meta name="shop-links" content="bot/app">`: the
 * API's BOT_USERNAME and APP_NAME, the same setting its invite links use (issue 27: shares and
 * invites named different bots). The defaults are the API's when the page has no such tag.
 */
export function linkNames(): { bot: string; app: string } {
  const [bot, app] = (document.querySelector<HTMLMetaElement>('meta[name="shop-links"]')?.content ?? '').split('/');
  return { bot: bot || DEFAULT_BOT_USERNAME, app: app || DEFAULT_APP_NAME };
}

export function openExternalLink(url: string): void {
  try {
    const sdk = sdkNow();
    if (sdk) {
      if (!sdk.openLink.isAvailable()) throw new Error('openLink is not available');
      sdk.openLink(url);
    } else if (!postEvent('web_app_open_link', { url: new URL(url).toString() })) {
      throw new Error('openLink is not available');
    }
  } catch (error) {
    console.warn('Telegram could not open the link; opening a new tab', error);
    window.open(url, '_blank', 'noopener,noreferrer');
  }
}

/** `startapp=productId_{id}`, plus `__ref_{code}` once the shopper is known (docs/product.md §13). */
export function productDeepLink(productId: number, bot = linkNames().bot, app = linkNames().app): string {
  const ref = getSharerRef();
  return miniAppLink(bot, app, { productId, ...(ref ? { ref } : {}) });
}

export function shareProduct(productId: number, title: string): void {
  shareLink(productDeepLink(productId), title);
}

/** Any link through Telegram's share dialog (a t.me/share tab when that is not available). */
export function shareLink(link: string, text: string): void {
  try {
    const sdk = sdkNow();
    if (sdk) {
      if (!sdk.shareURL.isAvailable()) throw new Error('shareURL is not available');
      sdk.shareURL(link, text);
    } else {
      const query = new URLSearchParams({ url: link, text }).toString().replace(/\+/g, '%20');
      if (!supports('6.1') || !postEvent('web_app_open_tg_link', { path_full: `/share/url?${query}` })) {
        throw new Error('shareURL is not available');
      }
    }
  } catch (error) {
    console.warn('Telegram share dialog is not available; opening the share link', error);
    const url = `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
    window.open(url, '_blank', 'noopener,noreferrer');
  }
}
