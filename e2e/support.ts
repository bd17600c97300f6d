// Helpers shared by the browser tests: Telegram events into the page, the demo shopper's cart
// through the API, valid test data.
import type { Page } from '@playwright/test';
import { innControlDigits } from '@shop/contract';

/** Sends Telegram's back_button_pressed event, as the client would. */
export async function pressTelegramBack(page: Page) {
  await page.evaluate(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify({ eventType: 'back_button_pressed' }),
        source: window.parent,
      }),
    );
  });
}

/** Empties the demo shopper's cart through the API, with the page's own token. */
export async function emptyCart(page: Page) {
  await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const cart = (await (await fetch('/api/v1/cart', { headers })).json()) as {
      result: { variants: { id: number }[] }[];
    };
    for (const entry of cart.result) {
      for (const v of entry.variants) await fetch(`/api/v1/cart/${v.id}`, { method: 'DELETE', headers });
    }
  });
}

/** A valid 12-digit personal INN (both control digits) built from 10 digits. */
export const validInn = (first10: string): string => `${first10}${innControlDigits(first10)}`;
