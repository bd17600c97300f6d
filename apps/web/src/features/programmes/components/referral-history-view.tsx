// referral/history (research §3.1): chips «Все», «Ожидают», «Начислено»; one row per friend with
// the state and the reward; a tap opens the invite-reward sheet; the next page by cursor.
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { shareCard } from '../../../telegram/links.ts';
import { useDeleteInvite, useReferral, useReferralHistory, type HistoryFilter } from '../api/referral.ts';
import { dayMonth, toneOf } from '../labels.ts';
import type { Invite } from '../types.ts';
import { InviteSheet } from './invite-sheet.tsx';
import './programmes.css';

/** Short names for the row chips (the contract's REFERRAL_STATUS_RU is the long form). */
const CHIP: Record<Invite['status'], string> = {
  registered: 'Перешёл по ссылке',
  ordered: 'Ожидает',
  rewarded: 'Начислено',
  rejected: 'Не засчитано',
  deleted: 'Удалено',
};

const FILTERS: { value: HistoryFilter; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'pending', label: 'Ожидают' },
  { value: 'rewarded', label: 'Начислено' },
];

export function ReferralHistoryView() {
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const history = useReferralHistory(filter);
  const referral = useReferral();
  const remove = useDeleteInvite();
  const [selected, setSelected] = useState<Invite | null>(null);
  const [open, setOpen] = useState(false);

  const share = () => {
    if (!referral.data) return;
    haptic.impact();
    void shareCard({ kind: 'invite' }, referral.data.link, referral.data.share_text);
  };

  const invites = history.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="pg">
      <div className="pg-filters" role="group" aria-label="Фильтр приглашений">
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            size="badge"
            variant={f.value === filter ? 'badge-active' : 'badge'}
            aria-pressed={f.value === filter}
            onClick={() => {
              haptic.selection();
              setFilter(f.value);
            }}
          >
            {f.label}
          </Button>
        ))}
      </div>

      {history.isPending ? (
        <div className="pg" aria-busy="true" aria-label="Загрузка">
          {[0, 1, 2, 3].map((i) => (
            <SkeletonBlock key={i} style={{ height: 60, borderRadius: 12 }} />
          ))}
        </div>
      ) : history.isError ? (
        <LoadError
          title="Не удалось загрузить приглашения"
          onRetry={history.refetch}
          retrying={history.isFetching}
        />
      ) : invites.length === 0 ? (
        <div className="pg-empty">
          <p className="pg-empty__title">
            {filter === 'all' ? 'Вы ещё никого не пригласили' : 'Здесь пока пусто'}
          </p>
          <p>Отправьте другу ссылку — он получит бонус на первый заказ, а вы {formatPrice(1000)}.</p>
          <Button onClick={share} disabled={!referral.data}>
            Пригласить друга
          </Button>
        </div>
      ) : (
        <>
          <ul className="pg-rows" aria-label="Приглашённые друзья">
            {invites.map((invite) => (
              <li key={invite.id}>
                <button
                  type="button"
                  className="pg-row"
                  onClick={() => {
                    haptic.selection();
                    setSelected(invite);
                    setOpen(true);
                  }}
                >
                  <FriendAvatar invite={invite} />
                  <span className="pg-row__main">
                    <span className="pg-row__title">{friendName(invite)}</span>
                    <span className="pg-row__sub">с {dayMonth(invite.joined_at)}</span>
                  </span>
                  <span className="pg-row__end">
                    <span className={`pg-amount--${invite.status === 'rewarded' ? 'plus' : 'muted'}`}>
                      +{formatPrice(invite.reward)}
                    </span>
                    <span className={`pg-chip pg-chip--${toneOf(invite.status)}`}>{CHIP[invite.status]}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {history.hasNextPage && (
            <Button
              variant="secondary"
              fullWidth
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              Показать ещё
            </Button>
          )}
        </>
      )}

      <InviteSheet
        invite={selected}
        open={open}
        onOpenChange={setOpen}
        deleting={remove.isPending}
        onInviteMore={() => {
          setOpen(false);
          share();
        }}
        onDelete={(invite) => {
          remove.mutate(invite.id, {
            onSuccess: () => {
              setOpen(false);
              notify.success('Приглашение удалено');
            },
          });
        }}
      />
    </div>
  );
}

/** «Мария И.»: the API's initial already ends with its dot (never «Мария И..», issue 27). */
export const friendName = (invite: Invite) =>
  invite.friend.last_initial
    ? `${invite.friend.first_name} ${invite.friend.last_initial.replace(/\.*$/, '.')}`
    : invite.friend.first_name;

function FriendAvatar({ invite }: { invite: Invite }) {
  return (
    <span className="pg-avatar" aria-hidden="true">
      {invite.friend.photo_url ? (
        <img src={invite.friend.photo_url} alt="" loading="lazy" />
      ) : (
        (invite.friend.first_name.trim()[0] ?? '?').toUpperCase()
      )}
    </span>
  );
}
