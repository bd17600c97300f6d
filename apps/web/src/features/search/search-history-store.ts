// Recent searches (docs/product.md §4): a trimmed non-empty query moves to the front, duplicates removed,
// the latest five kept; clear empties. Kept in local storage and Telegram CloudStorage under
// `search_history`, synced by the newer lastUpdated.
import { create } from 'zustand';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { readLocal, saveSynced, syncFromCloud, type SyncedStorage } from '../../lib/synced-storage.ts';

export const SEARCH_HISTORY_LIMIT = 5;

export type SearchHistory = { searches: string[]; lastUpdated: number };

export const searchHistoryStorage: SyncedStorage<SearchHistory> = {
  key: STORAGE_KEYS.searchHistory,
  parse(raw) {
    const value = JSON.parse(raw) as Partial<SearchHistory> | null;
    if (!value || !Array.isArray(value.searches) || typeof value.lastUpdated !== 'number') return null;
    return {
      searches: value.searches
        .filter((s): s is string => typeof s === 'string')
        .slice(0, SEARCH_HISTORY_LIMIT),
      lastUpdated: value.lastUpdated,
    };
  },
};

/** The history after searching for `query`: blank queries change nothing. */
export function withSearch(searches: readonly string[], query: string): string[] {
  const trimmed = query.trim();
  if (!trimmed) return [...searches];
  return [trimmed, ...searches.filter((s) => s !== trimmed)].slice(0, SEARCH_HISTORY_LIMIT);
}

type SearchHistoryState = SearchHistory & {
  add: (query: string) => void;
  clear: () => void;
  /** Loads local storage, then reconciles with CloudStorage. */
  load: () => Promise<void>;
};

export const useSearchHistoryStore = create<SearchHistoryState>((set, get) => {
  const save = (searches: string[]) => {
    const next = { searches, lastUpdated: Date.now() };
    set(next);
    void saveSynced(searchHistoryStorage, next);
  };
  return {
    searches: [],
    lastUpdated: 0,
    add(query) {
      if (!query.trim()) return;
      save(withSearch(get().searches, query));
    },
    clear() {
      save([]);
    },
    async load() {
      const local = readLocal(searchHistoryStorage);
      if (local) set(local);
      const winner = await syncFromCloud(searchHistoryStorage);
      if (winner && winner.lastUpdated >= get().lastUpdated) set(winner);
    },
  };
});
