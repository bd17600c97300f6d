import { OnboardingCards } from '../../features/onboarding/components/onboarding-cards.tsx';
import { SearchTrigger } from '../../features/search/components/search-overlay.tsx';
import { useSessionStore } from '../../features/session/session-store.ts';
import { HelpCards } from '../../components/ui/help-cards.tsx';

export function Component() {
  const user = useSessionStore((s) => s.user);
  return (
    <section className="home">
      <h1 className="page-title">Главная</h1>
      {user && <p className="home-greeting">Здравствуйте, {user.first_name}!</p>}
      <div className="home-search">
        <SearchTrigger />
      </div>
      <OnboardingCards />
      <HelpCards />
    </section>
  );
}
