// referral/history: every invited friend and the invite-reward sheet (research §3).
import { ReferralHistoryView } from '../../../features/programmes/components/referral-history-view.tsx';

export function Component() {
  return (
    <section>
      <h1 className="page-title">История приглашений</h1>
      <ReferralHistoryView />
    </section>
  );
}
