import type * as Bridge from '@tma.js/bridge';
import { retrieveLaunchParamsFp as bridgeRetrieve } from '@tma.js/bridge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeLaunchParams } from './bridge.ts';
import { retrieveLaunchParamsFp } from './tma-bridge.ts';

// The bridge's own retrieval, counted: the module under test may call it only when nothing parses.
vi.mock('@tma.js/bridge', async (importOriginal) => {
  const bridge = await importOriginal<typeof Bridge>();
  return { ...bridge, retrieveLaunchParamsFp: vi.fn(bridge.retrieveLaunchParamsFp) };
});

const launch = (version: string) =>
  new URLSearchParams({
    tgWebAppPlatform: 'android',
    tgWebAppVersion: version,
    tgWebAppBotInline: '1',
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff' }),
  }).toString();

const value = (result: ReturnType<typeof retrieveLaunchParamsFp>) => {
  if (result._tag === 'Left') throw new Error(`no launch parameters: ${String(result.left)}`);
  return result.right;
};

describe("the SDK's retrieval of the launch parameters", () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.mocked(bridgeRetrieve).mockClear();
  });

  it("gives the bridge's own value, and the same value again without parsing while nothing changed", () => {
    storeLaunchParams(launch('8.4'));
    const first = retrieveLaunchParamsFp();
    expect(value(first)).toEqual(value(bridgeRetrieve()));
    expect(value(first)).toMatchObject({
      tgWebAppVersion: '8.4',
      tgWebAppPlatform: 'android',
      tgWebAppBotInline: true,
      tgWebAppThemeParams: { bg_color: '#ffffff' },
    });
    vi.mocked(bridgeRetrieve).mockClear();

    expect(retrieveLaunchParamsFp()).toBe(first);
    expect(bridgeRetrieve).not.toHaveBeenCalled();
  });

  it('retrieves again when the stored copy changed', () => {
    storeLaunchParams(launch('8.4'));
    expect(value(retrieveLaunchParamsFp()).tgWebAppVersion).toBe('8.4');
    storeLaunchParams(launch('9.0'));
    expect(value(retrieveLaunchParamsFp()).tgWebAppVersion).toBe('9.0');
  });

  it("answers with the bridge's error outside Telegram, and looks again on the next call", () => {
    const outside = retrieveLaunchParamsFp();
    expect(outside._tag).toBe('Left');
    expect(bridgeRetrieve).toHaveBeenCalledTimes(1);

    storeLaunchParams(launch('8.4'));
    expect(value(retrieveLaunchParamsFp()).tgWebAppVersion).toBe('8.4');
  });

  it('skips a source that does not parse, as the bridge does', () => {
    // Stored launch parameters without a platform: not valid, so nothing is found.
    storeLaunchParams(new URLSearchParams({ tgWebAppVersion: '8.4' }).toString());
    expect(retrieveLaunchParamsFp()._tag).toBe('Left');
  });
});
