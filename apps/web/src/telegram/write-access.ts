// Telegram's «allow the bot to write to you» prompt (requestWriteAccess, Mini Apps 6.9; docs/decisions/068):
// asked once per session, only inside a Telegram client that has it — never outside Telegram nor
// under the dev login's mock, whose shopper the bot cannot write to anyway. Telegram answers
// `allowed` or `rejected`, and on `allowed` also sends the bot a `write_access_allowed` message.
import { readString, STORAGE_KEYS, writeString } from '../lib/storage.ts';
import { readLaunchParams, supports } from './bridge.ts';
import { isDevTelegramMock } from './mock-env.ts';
import { loadSdkNow } from './sdk.ts';

export type WriteAccessAnswer = 'allowed' | 'rejected';

/**
 * Shows Telegram's prompt when it may be shown now, and marks it shown for the session at once (a
 * second caller meanwhile gets null). Null: not asked (outside Telegram, the dev login, an old
 * client, asked before in this session) or the client did not answer.
 */
export async function askWriteAccess(): Promise<WriteAccessAnswer | null> {
  const key = STORAGE_KEYS.writeAccessAsked;
  if (readLaunchParams() === null || isDevTelegramMock() || !supports('6.9')) return null;
  if (readString(key, 'session') === '1') return null;
  writeString(key, '1', 'session');
  try {
    const sdk = await loadSdkNow();
    if (!sdk.requestWriteAccess.isAvailable()) return null;
    return (await sdk.requestWriteAccess()) === 'allowed' ? 'allowed' : 'rejected';
  } catch (error) {
    console.warn('Telegram did not answer the write access request', error);
    return null;
  }
}
