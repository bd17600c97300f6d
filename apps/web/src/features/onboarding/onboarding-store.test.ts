import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const cloud = vi.hoisted(() => ({ values: new Map<string, string>() }));
vi.mock('../../telegram/cloud-storage.ts', () => ({
  cloudRead: vi.fn((key: string) => Promise.resolve(cloud.values.get(key) ?? '')),
  cloudWrite: vi.fn((key: string, value: string) => {
    cloud.values.set(key, value);
    return Promise.resolve(true);
  }),
}));

const { activeCard, ONBOARDING_CARDS, useOnboardingStore, withCardRead } =
  await import('./onboarding-store.ts');

beforeEach(() => {
  cloud.values.clear();
  useOnboardingStore.setState({ readCards: [], currentActive: 'guarantee', lastUpdated: 0 });
});

describe('onboarding cards (docs/product.md §4)', () => {
  it('are guarantee, delivery, payment, introduction in that order', () => {
    expect(ONBOARDING_CARDS).toEqual(['guarantee', 'delivery', 'payment', 'introduction']);
  });

  it('"Initially guarantee"', () => {
    expect(activeCard([])).toBe('guarantee');
    expect(useOnboardingStore.getState().currentActive).toBe('guarantee');
  });

  it('"active becomes the lowest-ordered unread card"', () => {
    expect(activeCard(['guarantee'])).toBe('delivery');
    expect(activeCard(['delivery'])).toBe('guarantee');
    expect(activeCard(['guarantee', 'payment'])).toBe('delivery');
    expect(activeCard(['guarantee', 'delivery', 'introduction'])).toBe('payment');
  });

  it('"null when all read"', () => {
    expect(activeCard(['introduction', 'payment', 'delivery', 'guarantee'])).toBeNull();
  });

  it('"Marking a card read adds it (repeat ignored)"', () => {
    expect(withCardRead(['guarantee'], 'guarantee')).toEqual(['guarantee']);
    const { markRead } = useOnboardingStore.getState();
    markRead('payment');
    const first = useOnboardingStore.getState().lastUpdated;
    markRead('payment');
    expect(useOnboardingStore.getState().readCards).toEqual(['payment']);
    expect(useOnboardingStore.getState().lastUpdated).toBe(first);
    expect(useOnboardingStore.getState().currentActive).toBe('guarantee');
  });

  it('"changes save to both" stores under history_progress', async () => {
    useOnboardingStore.getState().markRead('guarantee');
    const local = JSON.parse(localStorage.getItem('history_progress')!) as {
      readCards: string[];
      currentActive: string;
    };
    expect(local).toMatchObject({ readCards: ['guarantee'], currentActive: 'delivery' });
    await waitFor(() =>
      expect(cloud.values.get('history_progress')).toBe(localStorage.getItem('history_progress')),
    );
  });

  it('loads the newer cloud progress and writes it to local storage', async () => {
    localStorage.setItem(
      'history_progress',
      JSON.stringify({ readCards: ['guarantee'], currentActive: 'delivery', lastUpdated: 10 }),
    );
    cloud.values.set(
      'history_progress',
      JSON.stringify({ readCards: ['guarantee', 'delivery'], currentActive: 'payment', lastUpdated: 20 }),
    );
    await useOnboardingStore.getState().load();
    expect(useOnboardingStore.getState()).toMatchObject({
      readCards: ['guarantee', 'delivery'],
      currentActive: 'payment',
    });
    expect(JSON.parse(localStorage.getItem('history_progress')!)).toMatchObject({ lastUpdated: 20 });
  });

  it('loads the newer local progress and writes it to CloudStorage', async () => {
    localStorage.setItem(
      'history_progress',
      JSON.stringify({
        readCards: ['guarantee', 'delivery', 'payment', 'introduction'],
        currentActive: null,
        lastUpdated: 30,
      }),
    );
    cloud.values.set(
      'history_progress',
      JSON.stringify({ readCards: [], currentActive: 'guarantee', lastUpdated: 20 }),
    );
    await useOnboardingStore.getState().load();
    expect(useOnboardingStore.getState().currentActive).toBeNull();
    expect(JSON.parse(cloud.values.get('history_progress')!)).toMatchObject({
      lastUpdated: 30,
      currentActive: null,
    });
  });

  it('drops unknown card names from stored progress and recomputes the active card', async () => {
    localStorage.setItem(
      'history_progress',
      JSON.stringify({ readCards: ['guarantee', 'bogus'], currentActive: 'bogus', lastUpdated: 1 }),
    );
    await useOnboardingStore.getState().load();
    expect(useOnboardingStore.getState()).toMatchObject({
      readCards: ['guarantee'],
      currentActive: 'delivery',
    });
  });
});
