// When Telegram's «allow messages» prompt may be shown (docs/decisions/068): inside a client of Mini
// Apps 6.9 or later, once per session; never outside Telegram nor under the dev login's mock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeLaunchParams } from './bridge.ts';
import { askWriteAccess } from './write-access.ts';

const requestWriteAccess = Object.assign(vi.fn<() => Promise<string>>(), { isAvailable: () => true });
const loadSdkNow = vi.hoisted(() => vi.fn());
vi.mock('./sdk.ts', () => ({ loadSdkNow }));

const launch = (version: string) =>
  storeLaunchParams(new URLSearchParams({ tgWebAppPlatform: 'ios', tgWebAppVersion: version }).toString());

beforeEach(() => {
  sessionStorage.clear();
  requestWriteAccess.mockReset();
  loadSdkNow.mockReset();
  loadSdkNow.mockResolvedValue({ requestWriteAccess });
});
afterEach(() => sessionStorage.clear());

describe('askWriteAccess', () => {
  it("inside Telegram: Telegram's answer, and not asked again in the same session", async () => {
    launch('8.4');
    requestWriteAccess.mockResolvedValue('allowed');
    expect(await askWriteAccess()).toBe('allowed');
    expect(await askWriteAccess()).toBeNull();
    expect(requestWriteAccess).toHaveBeenCalledTimes(1);
  });

  it('a refusal is told as one, and counts as asked', async () => {
    launch('7.0');
    requestWriteAccess.mockResolvedValue('rejected');
    expect(await askWriteAccess()).toBe('rejected');
    expect(await askWriteAccess()).toBeNull();
    expect(requestWriteAccess).toHaveBeenCalledTimes(1);
  });

  it('never outside Telegram, under the dev login, or in a client older than 6.9', async () => {
    expect(await askWriteAccess()).toBeNull();
    launch('8.4');
    sessionStorage.setItem('shop/dev-mock', '1');
    expect(await askWriteAccess()).toBeNull();
    sessionStorage.clear();
    launch('6.7');
    expect(await askWriteAccess()).toBeNull();
    expect(loadSdkNow).not.toHaveBeenCalled();
    expect(requestWriteAccess).not.toHaveBeenCalled();
  });

  it('a client that fails to answer is not asked again in the session', async () => {
    launch('8.4');
    requestWriteAccess.mockRejectedValue(new Error('timeout'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await askWriteAccess()).toBeNull();
    expect(await askWriteAccess()).toBeNull();
    expect(requestWriteAccess).toHaveBeenCalledTimes(1);
  });
});
