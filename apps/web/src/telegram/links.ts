// Links out of the app: external pages through Telegram's openLink (a new browser tab when that
// fails, docs/product.md §8) and product sharing through Telegram's share dialog with the
// `startapp=productId_{id}` deep link (with the sharer's invite, `__ref_{code}`) and the product
// title (docs/product.md §7, §13). Through the SDK once it has started; before that (the first
// seconds of a page load, telegram/sdk.ts) the same events are posted by hand (bridge.ts).
// A product or an invite goes first as a rich card the bot prepared (shareCard, Mini Apps 8.0
// shareMessage, docs/decisions/055), and as the link when that is not available or fails.
import {
  DEFAULT_APP_NAME,
  DEFAULT_BOT_USERNAME,
  miniAppLink,
  type SharePrepareBody,
  type SharePrepareResponseSchema,
} from '@shop/contract';
import { api, type Answer } from '../lib/api-client.ts';
import { getSharerRef } from '../lib/sharer-ref.ts';
import { postEvent, supports } from './bridge.ts';
import { loadSdkNow, sdkNow } from './sdk.ts';

/**
 * The bot and Mini App names, from the server's `<meta name="shop-links" content="bot/app">`: the
 * API's BOT_USERNAME and APP_NAME, the same setting its invite links use (issue 27: shares and
 * invites named different bots). The defaults are the API's when the page has no such tag.
 */
export function linkNames(): { bot: string; app: string } {
  const [bot, app] = (
    document.querySelector<HTMLMetaElement>('meta[name="shop-links"]')?.content ?? ''
  ).split('/');
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

/** The product as the bot's card, or its link with the title (docs/product.md §7). */
export function shareProduct(productId: number, title: string): Promise<void> {
  return shareCard({ kind: 'product', product_id: productId }, productDeepLink(productId), title);
}

/**
 * A card the bot prepares for the shopper (POST /share/prepare) through Telegram's share dialog
 * (shareMessage, Mini Apps 8.0). The link with `text` instead when the client is older, the server
 * has no bot, Telegram fails, or the card could not be sent; never after the shopper declined.
 */
export async function shareCard(card: SharePrepareBody, link: string, text: string): Promise<void> {
  if (supports('8.0')) {
    try {
      const { id } = (
        await api<Answer<typeof SharePrepareResponseSchema>>('/v1/share/prepare', {
          method: 'POST',
          body: card,
        })
      ).result;
      const sdk = await loadSdkNow();
      if (!sdk.shareMessage.isAvailable()) throw new Error('shareMessage is not available');
      await sdk.shareMessage(id);
      return;
    } catch (error) {
      if (String(error).includes('USER_DECLINED')) return;
      console.warn('The prepared card could not be shared; sharing the link', error);
    }
  }
  shareLink(link, text);
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
