// bonus: the bonus account (research §4.2).
import { BonusView } from '../../../features/programmes/components/bonus-view.tsx';

export function Component() {
  return (
    <section>
      <h1 className="page-title">Бонусы</h1>
      <BonusView />
    </section>
  );
}
