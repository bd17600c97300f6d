import { afterEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  getItem: vi.fn<(key: string) => Promise<string>>(),
  setItem: vi.fn<(key: string, value: string) => Promise<void>>(),
  openLink: vi.fn<(url: string) => void>(),
  shareURL: vi.fn<(url: string, text?: string) => void>(),
  available: true,
}));

vi.mock('@tma.js/sdk-react', () => ({
  cloudStorage: {
    getItem: Object.assign(sdk.getItem, { isAvailable: () => sdk.available }),
    setItem: Object.assign(sdk.setItem, { isAvailable: () => sdk.available }),
  },
  openLink: Object.assign(sdk.openLink, { isAvailable: () => sdk.available }),
  shareURL: Object.assign(sdk.shareURL, { isAvailable: () => sdk.available }),
}));

// The links go through the SDK once it has started (telegram/sdk.ts).
await (await import('./sdk.ts')).loadSdk();
const { openExternalLink, productDeepLink, shareProduct } = await import('./links.ts');
const { setSharerRef } = await import('../lib/sharer-ref.ts');

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
  sdk.available = true;
});

describe('links (docs/product.md §7, §8)', () => {
  it('opens external links through Telegram', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openExternalLink('https://telegra.ph/help');
    expect(sdk.openLink).toHaveBeenCalledWith('https://telegra.ph/help');
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('"Links failing to open in the messenger open in a new browser tab"', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    sdk.openLink.mockImplementation(() => {
      throw new Error('not supported');
    });
    openExternalLink('https://telegra.ph/help');
    expect(open).toHaveBeenCalledWith('https://telegra.ph/help', '_blank', 'noopener,noreferrer');
    open.mockRestore();
    warn.mockRestore();
  });

  it('shares the startapp=productId_{id} deep link with the product title', async () => {
    expect(productDeepLink(42, 'shop_bot', 'app')).toBe('https://t.me/shop_bot/app?startapp=productId_42');
    await shareProduct(42, 'Кроссовки Nike Air Max 90');
    expect(sdk.shareURL).toHaveBeenCalledWith(
      expect.stringMatching(/\?startapp=productId_42$/),
      'Кроссовки Nike Air Max 90',
    );
  });

  it('names the bot the server names (the API\'s BOT_USERNAME, as in invites), not a build setting', () => {
    const meta = document.createElement('meta');
    meta.name = 'shop-links';
    meta.content = 'real_shop_bot/store';
    document.head.append(meta);
    try {
      expect(productDeepLink(7)).toBe('https://t.me/real_shop_bot/store?startapp=productId_7');
    } finally {
      meta.remove();
    }
    expect(productDeepLink(7)).toBe('https://t.me/shop_bot/shop?startapp=productId_7');
  });

  it("carries the sharer's invite once the shopper is known, so a friend who opens it is invited", async () => {
    setSharerRef('K7M2QX9D');
    try {
      expect(productDeepLink(42, 'shop_bot', 'app')).toBe(
        'https://t.me/shop_bot/app?startapp=productId_42__ref_K7M2QX9D',
      );
      await shareProduct(42, 'Сумка');
      expect(sdk.shareURL).toHaveBeenLastCalledWith(
        expect.stringMatching(/\?startapp=productId_42__ref_K7M2QX9D$/),
        'Сумка',
      );
    } finally {
      setSharerRef(undefined);
    }
  });
});
