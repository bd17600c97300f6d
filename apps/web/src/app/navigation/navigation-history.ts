// Navigation history (docs/product.md §4): the path is recorded on each route change, consecutive duplicates
// skipped, the last 25 kept in session storage under `navigationHistory`; going back drops the
// last entry while more than one remains. The back-navigation flag (isBackNavigation, targetPath)
// is persisted with it and consumed when the route reaches the target path.
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage.ts';

export const NAVIGATION_HISTORY_LIMIT = 25;

export type NavigationState = {
  history: string[];
  isBackNavigation: boolean;
  targetPath: string | null;
};

const EMPTY: NavigationState = { history: [], isBackNavigation: false, targetPath: null };

export function withPath(history: readonly string[], path: string): string[] {
  if (history.at(-1) === path) return [...history];
  return [...history, path].slice(-NAVIGATION_HISTORY_LIMIT);
}

export function withoutLast(history: readonly string[]): string[] {
  return history.length > 1 ? history.slice(0, -1) : [...history];
}

/** The state after the route changed to `path`. */
export function onRouteChange(state: NavigationState, path: string): NavigationState {
  if (state.isBackNavigation && state.targetPath === path) {
    return { history: withPath(withoutLast(state.history), path), isBackNavigation: false, targetPath: null };
  }
  return { ...state, history: withPath(state.history, path) };
}

export function markBackNavigation(state: NavigationState, targetPath: string): NavigationState {
  return { ...state, isBackNavigation: true, targetPath };
}

export function readNavigationState(): NavigationState {
  const stored = readJson<Partial<NavigationState> | null>(STORAGE_KEYS.navigationHistory, null, 'session');
  if (!stored || !Array.isArray(stored.history)) return { ...EMPTY };
  return {
    history: stored.history
      .filter((p): p is string => typeof p === 'string')
      .slice(-NAVIGATION_HISTORY_LIMIT),
    isBackNavigation: stored.isBackNavigation === true,
    targetPath: typeof stored.targetPath === 'string' ? stored.targetPath : null,
  };
}

export function writeNavigationState(state: NavigationState): void {
  writeJson(STORAGE_KEYS.navigationHistory, state, 'session');
}
