// @isolated: the SDK's hold and load are module state that this test needs as a fresh start.
import { describe, expect, it } from 'vitest';
import { holdSdk, loadSdk, loadSdkNow } from './sdk.ts';

describe('the held Telegram SDK', () => {
  it('waits for the first screen, unless a tap asks for it now', async () => {
    const started: string[] = [];
    holdSdk(() => {
      started.push('start');
    });
    let got = false;
    void loadSdk().then(() => (got = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(got).toBe(false);
    expect(started).toEqual([]);

    // A share tap: the hold ends and the SDK starts once, for the waiting read too.
    const sdk = await loadSdkNow();
    expect(typeof sdk.shareMessage).toBe('function');
    await loadSdk();
    expect(got).toBe(true);
    expect(started).toEqual(['start']);
  });
});
