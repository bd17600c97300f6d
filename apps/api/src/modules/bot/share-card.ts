// The rich cards a shopper shares (issue 27, docs/decisions/055): a product or the shopper's invite
// as an inline message the bot prepares for that shopper (Bot API 8.0 savePreparedInlineMessage),
// which the Mini App then hands to Telegram's share dialog (shareMessage). The card is an article
// whose message has the link preview of the product's picture above the text, and one button
// that opens the Mini App on the product (or the shop) with the shopper's invite code, through the
// same link the plain share uses (`t.me/<BOT_USERNAME>/<APP_NAME>?startapp=…`).
import type { InlineQueryResultArticle } from 'grammy/types';

export type CardLink = { url: string; button: string };

type ProductCard = { id: number; title: string; price: number; inStock: boolean; picture: string | null };

const rub = (n: number) => `${n.toLocaleString('ru-RU')} ₽`;

/** An absolute https address of a picture Telegram can fetch for the preview; null without one. */
export function publicPicture(src: string | null, publicUrl: string | undefined): string | null {
  if (!src) return null;
  if (src.startsWith('https://')) return src;
  if (src.startsWith('/') && publicUrl?.startsWith('https://')) return `${publicUrl}${src}`;
  return null;
}

function article(
  id: string,
  title: string,
  description: string,
  text: string,
  link: CardLink,
  picture: string | null,
): InlineQueryResultArticle {
  return {
    type: 'article',
    id,
    title,
    description,
    ...(picture ? { thumbnail_url: picture } : {}),
    input_message_content: {
      message_text: text,
      link_preview_options: picture
        ? { url: picture, prefer_large_media: true, show_above_text: true }
        : { is_disabled: true },
    },
    reply_markup: { inline_keyboard: [[{ text: link.button, url: link.url }]] },
  };
}

export function productCard(product: ProductCard, link: string): InlineQueryResultArticle {
  const price = product.inStock ? `от ${rub(product.price)}` : 'Нет в наличии';
  return article(
    `product-${product.id}`,
    product.title,
    price,
    `${product.title}\n${price}`,
    { url: link, button: 'Открыть в магазине' },
    product.picture,
  );
}

export function inviteCard(text: string, link: string): InlineQueryResultArticle {
  return article(
    'invite',
    'Приглашение в магазин',
    text,
    text,
    { url: link, button: 'Открыть магазин' },
    null,
  );
}
