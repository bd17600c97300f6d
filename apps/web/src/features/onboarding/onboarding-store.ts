// Onboarding cards (docs/product.md §4): guarantee, delivery, payment, introduction. Marking a card read adds
// it (a repeat is ignored); the active card is the lowest-ordered unread one: guarantee at first,
// null when all are read. Kept in local storage and CloudStorage under `history_progress`.
import { create } from 'zustand';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { readLocal, saveSynced, syncFromCloud, type SyncedStorage } from '../../lib/synced-storage.ts';

export const ONBOARDING_CARDS = ['guarantee', 'delivery', 'payment', 'introduction'] as const;
export type OnboardingCard = (typeof ONBOARDING_CARDS)[number];

export type OnboardingProgress = {
  readCards: OnboardingCard[];
  currentActive: OnboardingCard | null;
  lastUpdated: number;
};

const isCard = (value: unknown): value is OnboardingCard =>
  ONBOARDING_CARDS.includes(value as OnboardingCard);

export function activeCard(readCards: readonly OnboardingCard[]): OnboardingCard | null {
  return ONBOARDING_CARDS.find((card) => !readCards.includes(card)) ?? null;
}

export function withCardRead(readCards: readonly OnboardingCard[], card: OnboardingCard): OnboardingCard[] {
  return readCards.includes(card) ? [...readCards] : [...readCards, card];
}

export const onboardingStorage: SyncedStorage<OnboardingProgress> = {
  key: STORAGE_KEYS.onboarding,
  parse(raw) {
    const value = JSON.parse(raw) as Partial<OnboardingProgress> | null;
    if (!value || !Array.isArray(value.readCards) || typeof value.lastUpdated !== 'number') return null;
    const readCards = value.readCards.filter(isCard);
    return { readCards, currentActive: activeCard(readCards), lastUpdated: value.lastUpdated };
  },
};

type OnboardingState = OnboardingProgress & {
  markRead: (card: OnboardingCard) => void;
  load: () => Promise<void>;
};

export const useOnboardingStore = create<OnboardingState>((set, get) => ({
  readCards: [],
  currentActive: 'guarantee',
  lastUpdated: 0,
  markRead(card) {
    if (get().readCards.includes(card)) return;
    const readCards = withCardRead(get().readCards, card);
    const next = { readCards, currentActive: activeCard(readCards), lastUpdated: Date.now() };
    set(next);
    void saveSynced(onboardingStorage, next);
  },
  async load() {
    const local = readLocal(onboardingStorage);
    if (local) set(local);
    const winner = await syncFromCloud(onboardingStorage);
    if (winner && winner.lastUpdated >= get().lastUpdated) set(winner);
  },
}));
