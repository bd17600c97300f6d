import { Drawer } from '../../../components/ui/drawer.tsx';
import { ONBOARDING_CONTENT } from '../onboarding-content.ts';
import type { OnboardingCard } from '../onboarding-store.ts';

export default function OnboardingSheet({ card, onClose }: { card: OnboardingCard; onClose: () => void }) {
  const { title, paragraphs } = ONBOARDING_CONTENT[card];
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()} title={title}>
      <div className="onboarding-sheet">
        {paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <button type="button" className="onboarding-sheet__ok" onClick={onClose}>
          Понятно
        </button>
      </div>
    </Drawer>
  );
}
