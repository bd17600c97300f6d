// The invite-reward sheet (docs/product.md §2, research §3.2): what happened to one invite —
// «За приглашение вы получили 1000 рублей» once the reward is credited, the pending, waiting and
// refused states before that — with «Удалить приглашение» (a confirmation saying what it does)
// and the card «Приглашайте больше друзей».
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { dayMonth } from '../labels.ts';
import type { Invite } from '../types.ts';
import './programmes.css';
import { paths } from '../../../lib/paths.ts';

type Props = {
  invite: Invite | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after the shopper confirmed; the caller deletes through the API. */
  onDelete: (invite: Invite) => void;
  onInviteMore: () => void;
  deleting?: boolean;
};

// The spec's exact words: «1000 рублей» (four digits without a separator, as Russian typesetting has it).
const rub = (n: number) => `${n} рублей`;

export function inviteTitle(invite: Invite): string {
  const name = invite.friend.first_name;
  switch (invite.status) {
    case 'rewarded':
      return `За приглашение вы получили ${rub(invite.reward)}`;
    case 'ordered':
      return `Вы получите ${rub(invite.reward)}`;
    case 'registered':
      return `${name} пока без заказа`;
    default:
      return 'Приглашение не засчитано';
  }
}

function Body({ invite }: { invite: Invite }) {
  const name = invite.friend.first_name;
  switch (invite.status) {
    case 'rewarded':
      return (
        <>
          <div className="invite-sheet__amount">+{formatPrice(invite.reward)}</div>
          <p className="invite-sheet__text">
            {name}: первый заказ получен
            {invite.rewarded_at ? ` ${dayMonth(invite.rewarded_at)}` : ''}. Бонусы уже на вашем счёте — ими
            можно оплатить до 30&nbsp;% следующей покупки.
          </p>
          <Link className="invite-sheet__link" to={paths.bonus}>
            Открыть бонусный счёт
          </Link>
        </>
      );
    case 'ordered':
      return (
        <p className="invite-sheet__text">Начислим, когда {name} получит заказ. Обычно это 2–4 недели.</p>
      );
    case 'registered':
      return (
        <p className="invite-sheet__text">
          Напомните о себе — у друга есть 500 ₽ на первый заказ
          {invite.welcome_until ? ` до ${dayMonth(invite.welcome_until)}` : ''}.
        </p>
      );
    default:
      return (
        <p className="invite-sheet__text">
          {invite.reject_reason ?? 'Заказ друга не подошёл под условия программы.'}
        </p>
      );
  }
}

export function InviteSheet({ invite, open, onOpenChange, onDelete, onInviteMore, deleting }: Props) {
  if (!invite) return null;
  const askDelete = async () => {
    const rewarded = invite.status === 'rewarded';
    const ok = await confirm({
      title: rewarded ? 'Удалить приглашение из истории?' : 'Удалить приглашение?',
      message: rewarded ? 'Бонусы останутся на вашем счёте.' : 'Бонус за этого друга начисляться не будет.',
      confirmText: 'Удалить',
      cancelText: 'Отмена',
      destructive: true,
    });
    if (ok) onDelete(invite);
  };
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={inviteTitle(invite)}>
      <div className="invite-sheet">
        <Body invite={invite} />
        <button type="button" className="invite-sheet__card" onClick={onInviteMore}>
          <span className="invite-sheet__card-title">Приглашайте больше друзей</span>
          <span className="invite-sheet__card-hint">
            {formatPrice(invite.reward)} за каждого друга · Поделиться ссылкой
          </span>
        </button>
        {/* The sheet's one big button is what the shopper came for; removing the invite is a
            quiet secondary action below it, never the only large (red) button. */}
        <Button variant="primary" fullWidth onClick={onInviteMore}>
          {invite.status === 'registered' ? 'Напомнить' : 'Пригласить ещё'}
        </Button>
        <Button
          variant="secondary"
          size="small"
          fullWidth
          loading={deleting}
          onClick={() => void askDelete()}
        >
          Удалить приглашение
        </Button>
      </div>
    </Drawer>
  );
}
