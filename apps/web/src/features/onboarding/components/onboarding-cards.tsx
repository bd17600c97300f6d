// The onboarding cards (docs/product.md §1, §4): guarantee, delivery, payment, introduction. Tapping a card
// opens its content in a bottom sheet and marks it read; the active card is the first unread.
import { useState } from 'react';
import { lazyLayer } from '../../../lib/lazy-layer.tsx';
import { haptic } from '../../../telegram/haptics.ts';
import { ONBOARDING_CONTENT } from '../onboarding-content.ts';
import { ONBOARDING_CARDS, useOnboardingStore, type OnboardingCard } from '../onboarding-store.ts';
import './onboarding-cards.css';

// A lazy layer (no ≥ 300 ms Suspense hold on the first opening, docs/decisions/032), loaded on the
// touch of a card.
const OnboardingSheet = lazyLayer(() => import('./onboarding-sheet.tsx'));

const ICONS: Record<OnboardingCard, string> = {
  guarantee: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4',
  delivery: 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1',
  payment: 'M3 7h18v11H3zM3 11h18M7 15h4',
  introduction: 'M6 7h12l-1 13H7L6 7Zm3 0a3 3 0 0 1 6 0',
};

export function OnboardingCards() {
  const { readCards, currentActive, markRead } = useOnboardingStore();
  const [opened, setOpened] = useState<OnboardingCard | null>(null);

  return (
    <section className="onboarding" aria-label="Знакомство с магазином">
      <ul className="onboarding__list">
        {ONBOARDING_CARDS.map((card) => {
          const read = readCards.includes(card);
          const active = currentActive === card;
          const { title, short } = ONBOARDING_CONTENT[card];
          return (
            <li key={card}>
              <button
                type="button"
                className={`onboarding-card onboarding-card--${card}${read ? ' onboarding-card--read' : ''}${active ? ' onboarding-card--active' : ''}`}
                data-card={card}
                data-read={read}
                aria-current={active ? 'step' : undefined}
                onPointerDown={() => void OnboardingSheet.preload()}
                onClick={() => {
                  haptic.selection();
                  setOpened(card);
                  markRead(card);
                }}
              >
                <svg className="onboarding-card__icon" viewBox="0 0 24 24" aria-hidden="true">
                  <path d={ICONS[card]} />
                </svg>
                <span className="onboarding-card__title">{title}</span>
                <span className="onboarding-card__short">{short}</span>
                {read && (
                  <span className="onboarding-card__read" aria-label="Прочитано">
                    <svg viewBox="0 0 24 24" aria-hidden="true">
                      <path d="m6 12 4 4 8-8" />
                    </svg>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {opened && <OnboardingSheet card={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}
