import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const cloud = vi.hoisted(() => ({ values: new Map<string, string>(), failing: false }));
vi.mock('../../telegram/cloud-storage.ts', () => ({
  cloudRead: vi.fn((key: string) => Promise.resolve(cloud.failing ? null : (cloud.values.get(key) ?? ''))),
  cloudWrite: vi.fn((key: string, value: string) => {
    if (cloud.failing) return Promise.resolve(false);
    cloud.values.set(key, value);
    return Promise.resolve(true);
  }),
}));

const { useSearchHistoryStore, withSearch, SEARCH_HISTORY_LIMIT } = await import('./search-history-store.ts');

const stored = (raw: string | null | undefined) =>
  raw ? (JSON.parse(raw) as { searches: string[]; lastUpdated: number }) : null;

beforeEach(() => {
  cloud.values.clear();
  cloud.failing = false;
  useSearchHistoryStore.setState({ searches: [], lastUpdated: 0 });
});

describe('search history (docs/product.md §4: "a trimmed non-empty query moves to the front, duplicates removed, latest five kept")', () => {
  it('trims the query and puts it at the front', () => {
    expect(withSearch(['adidas'], '  nike  ')).toEqual(['nike', 'adidas']);
  });

  it('moves a repeated query to the front instead of keeping a duplicate', () => {
    expect(withSearch(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(withSearch(['a', 'b', 'c'], ' b ')).toEqual(['b', 'a', 'c']);
  });

  it('keeps the latest five', () => {
    expect(SEARCH_HISTORY_LIMIT).toBe(5);
    const history = ['1', '2', '3', '4', '5', '6', '7'].reduce<string[]>((acc, q) => withSearch(acc, q), []);
    expect(history).toEqual(['7', '6', '5', '4', '3']);
  });

  it('ignores blank queries ("history ignores blank queries", docs/product.md §5)', () => {
    expect(withSearch(['a'], '   ')).toEqual(['a']);
    useSearchHistoryStore.getState().add('  ');
    expect(useSearchHistoryStore.getState().searches).toEqual([]);
    expect(localStorage.getItem('search_history')).toBeNull();
  });

  it('"Clear empties" and saves the empty list to both stores', async () => {
    useSearchHistoryStore.getState().add('nike');
    useSearchHistoryStore.getState().clear();
    expect(useSearchHistoryStore.getState().searches).toEqual([]);
    await waitFor(() => expect(stored(cloud.values.get('search_history'))?.searches).toEqual([]));
    expect(stored(localStorage.getItem('search_history'))?.searches).toEqual([]);
  });

  it('"changes save to both" local storage and CloudStorage under search_history', async () => {
    useSearchHistoryStore.getState().add('Nike');
    expect(stored(localStorage.getItem('search_history'))?.searches).toEqual(['Nike']);
    await waitFor(() => expect(stored(cloud.values.get('search_history'))?.searches).toEqual(['Nike']));
  });
});

describe('search history sync (docs/product.md §4: "the newer lastUpdated wins and is written to the other store")', () => {
  it('takes the newer cloud copy and writes it to local storage', async () => {
    localStorage.setItem('search_history', JSON.stringify({ searches: ['old'], lastUpdated: 100 }));
    cloud.values.set('search_history', JSON.stringify({ searches: ['new', 'old'], lastUpdated: 200 }));
    await useSearchHistoryStore.getState().load();
    expect(useSearchHistoryStore.getState().searches).toEqual(['new', 'old']);
    expect(stored(localStorage.getItem('search_history'))).toEqual({
      searches: ['new', 'old'],
      lastUpdated: 200,
    });
  });

  it('takes the newer local copy and writes it to CloudStorage', async () => {
    localStorage.setItem('search_history', JSON.stringify({ searches: ['local'], lastUpdated: 300 }));
    cloud.values.set('search_history', JSON.stringify({ searches: ['cloud'], lastUpdated: 200 }));
    await useSearchHistoryStore.getState().load();
    expect(useSearchHistoryStore.getState().searches).toEqual(['local']);
    expect(stored(cloud.values.get('search_history'))).toEqual({ searches: ['local'], lastUpdated: 300 });
  });

  it('fills an empty CloudStorage from local storage', async () => {
    localStorage.setItem('search_history', JSON.stringify({ searches: ['x'], lastUpdated: 5 }));
    await useSearchHistoryStore.getState().load();
    expect(stored(cloud.values.get('search_history'))?.searches).toEqual(['x']);
  });

  it('uses local storage when CloudStorage fails (failures logged, defaults used, docs/product.md §8)', async () => {
    cloud.failing = true;
    localStorage.setItem('search_history', JSON.stringify({ searches: ['x'], lastUpdated: 5 }));
    await useSearchHistoryStore.getState().load();
    expect(useSearchHistoryStore.getState().searches).toEqual(['x']);
  });

  it('starts empty when both stores hold garbage', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('search_history', '{not json');
    cloud.values.set('search_history', '"a string"');
    await useSearchHistoryStore.getState().load();
    expect(useSearchHistoryStore.getState().searches).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
