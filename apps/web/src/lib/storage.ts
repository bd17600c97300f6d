// Local and session storage that never throws: failures are logged as warnings and the default
// is used (docs/product.md §8).
type Area = 'local' | 'session';

function area(name: Area): Storage | undefined {
  try {
    return name === 'local' ? window.localStorage : window.sessionStorage;
  } catch (error) {
    console.warn(`${name}Storage is not available`, error);
    return undefined;
  }
}

export function readString(key: string, where: Area = 'local'): string | null {
  try {
    return area(where)?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Cannot read ${key} from ${where}Storage`, error);
    return null;
  }
}

export function writeString(key: string, value: string | null, where: Area = 'local'): void {
  try {
    const storage = area(where);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch (error) {
    console.warn(`Cannot write ${key} to ${where}Storage`, error);
  }
}

export function readJson<T>(key: string, fallback: T, where: Area = 'local'): T {
  const raw = readString(key, where);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    console.warn(`Stored ${key} is not JSON; using the default`, error);
    return fallback;
  }
}

export function writeJson(key: string, value: unknown, where: Area = 'local'): void {
  writeString(key, JSON.stringify(value), where);
}

/** Storage keys named by docs/product.md (§9). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  filters: 'filter-storage',
  onboarding: 'history_progress',
  searchHistory: 'search_history',
  navigationHistory: 'navigationHistory',
  /** The console's orders page size on this device (docs/product.md §12.2; saved filters live on the server). */
  adminOrdersPageSize: 'admin/orders-page-size',
  /** The add-to-home-screen offer was made (docs/decisions/055): never again on this device. */
  homeScreenOffered: 'home_screen_offered',
  /** Session storage: Telegram's «allow messages» prompt was shown in this session (decision 068). */
  writeAccessAsked: 'write_access_asked',
} as const;

/** Every key in a storage area (empty when it cannot be read). */
export function storageKeys(where: Area = 'local'): string[] {
  try {
    const storage = area(where);
    if (!storage) return [];
    return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null,
    );
  } catch (error) {
    console.warn(`Cannot list ${where}Storage`, error);
    return [];
  }
}

/** Local storage as zustand's `persist` wants it, through the wrappers above that never throw. */
export const safeStorage = {
  getItem: (key: string) => readString(key),
  setItem: (key: string, value: string) => writeString(key, value),
  removeItem: (key: string) => writeString(key, null),
};
