// The shopper's position through Telegram's LocationManager (Mini Apps 8.0+), asked only when the
// shopper taps «Рядом со мной». Null when the client cannot tell it or the shopper refuses: the
// pickup points are then listed in the carrier's order.
import { loadSdkNow } from './sdk.ts';

export type Position = { lat: number; lon: number };

/** A client that never answers does not keep «Определяем…» on screen. */
const TIMEOUT_MS = 15_000;

export async function requestPosition(): Promise<Position | null> {
  try {
    const { locationManager } = await loadSdkNow();
    if (!locationManager.isSupported()) return null;
    if (!locationManager.isMounted()) await locationManager.mount({ timeout: TIMEOUT_MS });
    if (!locationManager.isAvailable()) return null;
    const location = await locationManager.requestLocation({ timeout: TIMEOUT_MS });
    return location ? { lat: location.latitude, lon: location.longitude } : null;
  } catch (error) {
    console.warn('Location request failed', error);
    return null;
  }
}
