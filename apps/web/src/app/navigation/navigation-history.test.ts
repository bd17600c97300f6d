import { describe, expect, it } from 'vitest';
import {
  markBackNavigation,
  NAVIGATION_HISTORY_LIMIT,
  onRouteChange,
  readNavigationState,
  withoutLast,
  withPath,
  writeNavigationState,
  type NavigationState,
} from './navigation-history.ts';

const empty: NavigationState = { history: [], isBackNavigation: false, targetPath: null };

describe('navigation history (docs/product.md §4)', () => {
  it('"path recorded on each route change, consecutive duplicates skipped"', () => {
    expect(withPath(['/'], '/catalog')).toEqual(['/', '/catalog']);
    expect(withPath(['/', '/catalog'], '/catalog')).toEqual(['/', '/catalog']);
    // Only consecutive duplicates are skipped.
    expect(withPath(['/', '/catalog'], '/')).toEqual(['/', '/catalog', '/']);
  });

  it('"last 25 kept"', () => {
    expect(NAVIGATION_HISTORY_LIMIT).toBe(25);
    let history: string[] = [];
    for (let i = 0; i < 30; i += 1) history = withPath(history, `/p${i}`);
    expect(history).toHaveLength(25);
    expect(history[0]).toBe('/p5');
    expect(history.at(-1)).toBe('/p29');
  });

  it('"going back drops the last entry while more than one remains"', () => {
    expect(withoutLast(['/', '/catalog'])).toEqual(['/']);
    expect(withoutLast(['/'])).toEqual(['/']);
    expect(withoutLast([])).toEqual([]);
  });

  it('"kept in session storage" under navigationHistory', () => {
    writeNavigationState({ history: ['/', '/basket'], isBackNavigation: false, targetPath: null });
    expect(JSON.parse(sessionStorage.getItem('navigationHistory')!)).toMatchObject({
      history: ['/', '/basket'],
    });
    expect(readNavigationState().history).toEqual(['/', '/basket']);
    expect(localStorage.getItem('navigationHistory')).toBeNull();
  });

  it('"The back-navigation flag is persisted and consumed when the target path matches"', () => {
    let state = onRouteChange(onRouteChange(onRouteChange(empty, '/'), '/catalog'), '/catalog/7');
    state = markBackNavigation(state, '/catalog');
    writeNavigationState(state);
    expect(readNavigationState()).toMatchObject({ isBackNavigation: true, targetPath: '/catalog' });

    // A route change elsewhere does not consume it.
    const elsewhere = onRouteChange(readNavigationState(), '/catalog/7?x');
    expect(elsewhere.isBackNavigation).toBe(true);

    const arrived = onRouteChange(readNavigationState(), '/catalog');
    expect(arrived).toEqual({ history: ['/', '/catalog'], isBackNavigation: false, targetPath: null });
  });

  it('reads a missing or broken entry as an empty history', () => {
    expect(readNavigationState()).toEqual(empty);
    sessionStorage.setItem('navigationHistory', '{"history":"nope"}');
    expect(readNavigationState()).toEqual(empty);
  });
});
