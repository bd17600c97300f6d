// blogger/conclusion: withdrawal (research §5.6).
import { BloggerConclusionView } from '../../../features/programmes/components/blogger-conclusion-view.tsx';
import { BloggerGate } from './use-blogger-gate.tsx';

export function Component() {
  return (
    <section>
      <h1 className="page-title">Вывод средств</h1>
      <BloggerGate allowed={['dashboard']}>
        {(state) => <BloggerConclusionView balance={state.balance} minPayout={state.min_payout} />}
      </BloggerGate>
    </section>
  );
}
