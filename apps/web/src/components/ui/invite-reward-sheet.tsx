// The invite-reward sheet (spec §2): "За приглашение вы получили 1000 рублей", the
// "Удалить приглашение" button and the "Приглашайте больше друзей" card.
import { Button } from './button.tsx';
import { Drawer } from './drawer.tsx';
import './invite-reward-sheet.css';

export const INVITE_REWARD_RUB = 1000;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRemoveInvite: () => void;
  onInviteMore: () => void;
};

export default function InviteRewardSheet({ open, onOpenChange, onRemoveInvite, onInviteMore }: Props) {
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={`За приглашение вы получили ${INVITE_REWARD_RUB} рублей`}
    >
      <div className="invite-reward">
        <div className="invite-reward__amount">
          +{new Intl.NumberFormat('ru-RU').format(INVITE_REWARD_RUB)} ₽
        </div>
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
