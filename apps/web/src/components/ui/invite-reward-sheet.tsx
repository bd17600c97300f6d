// The invite-reward sheet (docs/product.md §2): "За приглашение вы получили 1000 рублей", the
// "Удалить приглашение" button and the "Приглашайте больше друзей" card. It tells a shopper they
// received money, so it renders only for a reward that exists (issue 9); until the referral
// programme (DESIGN "Referral") credits rewards there is none, and it renders nothing.
import { Button } from './button.tsx';
import { Drawer } from './drawer.tsx';
import './invite-reward-sheet.css';

/** The spec's amount: what the referral programme will credit per invite. */
export const INVITE_REWARD_RUB = 1000;

/** A reward the server has credited for an invite. */
export type InviteReward = { amount: number };

type Props = {
  reward: InviteReward | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRemoveInvite: () => void;
  onInviteMore: () => void;
};

export default function InviteRewardSheet({
  reward,
  open,
  onOpenChange,
  onRemoveInvite,
  onInviteMore,
}: Props) {
  if (!reward) return null;
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={`За приглашение вы получили ${reward.amount} рублей`}
    >
      <div className="invite-reward">
        <div className="invite-reward__amount">+{new Intl.NumberFormat('ru-RU').format(reward.amount)} ₽</div>
        <button type="button" className="invite-reward__card" onClick={onInviteMore}>
          <span className="invite-reward__card-title">Приглашайте больше друзей</span>
          <span className="invite-reward__card-hint">Бонус за каждого друга, который оформит заказ</span>
        </button>
        <Button variant="secondary" fullWidth onClick={onRemoveInvite}>
          Удалить приглашение
        </Button>
      </div>
    </Drawer>
  );
}
