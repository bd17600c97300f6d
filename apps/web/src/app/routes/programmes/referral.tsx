// referral: invite friends (research §2.2).
import { ReferralView } from '../../../features/programmes/components/referral-view.tsx';

export function Component() {
  return (
    <section>
      <h1 className="page-title">Приглашайте друзей</h1>
      <ReferralView />
    </section>
  );
}
