// Telegram's home-screen shortcut (Mini Apps 8.0, docs/decisions/055): whether the app is on the
// device's home screen (checkHomeScreenStatus) and the client's own prompt to add it
// (addToHomeScreen), both through the SDK once it has started. The offer is made once per shopper:
// remembered here and in Telegram's CloudStorage, so another device does not offer it again.
import { readString, STORAGE_KEYS, writeString } from '../lib/storage.ts';
import { supports } from './bridge.ts';
import { cloudRead, cloudWrite } from './cloud-storage.ts';
import { loadSdk, loadSdkNow } from './sdk.ts';

/** A client that never answers does not keep the offer pending for long. */
const TIMEOUT_MS = 3000;

/**
 * Whether to offer the shortcut now: the client can add one, it is not there yet, and it was
 * never offered before. Marks it offered when the answer is yes.
 */
export async function takeHomeScreenOffer(): Promise<boolean> {
  const key = STORAGE_KEYS.homeScreenOffered;
  if (!supports('8.0') || readString(key) === '1') return false;
  try {
    if ((await cloudRead(key)) === '1') {
      writeString(key, '1');
      return false;
    }
    const sdk = await loadSdk();
    if (!sdk.checkHomeScreenStatus.isAvailable() || !sdk.addToHomeScreen.isAvailable()) return false;
    const status = await sdk.checkHomeScreenStatus({ timeout: TIMEOUT_MS });
    if (status !== 'missed' && status !== 'unknown') return false;
    writeString(key, '1');
    void cloudWrite(key, '1');
    return true;
  } catch (error) {
    console.warn('Home screen status is not known', error);
    return false;
  }
}

/** Telegram's own prompt to add the app to the home screen. */
export async function addToHomeScreen(): Promise<void> {
  try {
    const sdk = await loadSdkNow();
    if (sdk.addToHomeScreen.isAvailable()) sdk.addToHomeScreen();
  } catch (error) {
    console.warn('Adding to the home screen failed', error);
  }
}
