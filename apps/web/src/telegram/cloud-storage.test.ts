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

const { cloudRead, cloudWrite, CLOUD_VALUE_MAX } = await import('./cloud-storage.ts');

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
  sdk.available = true;
});

describe('CloudStorage (TELEGRAM.md limits; docs/product.md §8 failures logged as warnings, defaults used)', () => {
  it('reads a value', async () => {
    sdk.getItem.mockResolvedValue('{"a":1}');
    await expect(cloudRead('search_history')).resolves.toBe('{"a":1}');
  });

  it('gives up after the timeout when the client never answers', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    sdk.getItem.mockReturnValue(new Promise<string>(() => {}));
    const read = cloudRead('search_history', 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(read).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('refuses keys and values outside Telegram limits without calling Telegram', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(cloudWrite('shop/dev', 'x')).resolves.toBe(false);
    await expect(cloudWrite('k'.repeat(129), 'x')).resolves.toBe(false);
    await expect(cloudWrite('search_history', 'x'.repeat(CLOUD_VALUE_MAX + 1))).resolves.toBe(false);
    expect(sdk.setItem).not.toHaveBeenCalled();
    sdk.setItem.mockResolvedValue();
    await expect(cloudWrite('search_history', 'x'.repeat(CLOUD_VALUE_MAX))).resolves.toBe(true);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('returns null when CloudStorage is not supported', async () => {
    sdk.available = false;
    await expect(cloudRead('history_progress')).resolves.toBeNull();
    expect(sdk.getItem).not.toHaveBeenCalled();
  });
});
