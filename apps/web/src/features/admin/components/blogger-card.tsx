// One blogger's application in the console: who and where, the audience, the balance, and (for
// those who may decide, while it is not rejected) the decision forms.
import {
  BLOGGER_PLATFORM_RU,
  BLOGGER_STATUS_RU,
  type AdminBlogger,
  type BloggerStatus,
} from '@shop/contract';
import { formatPrice } from '../../../lib/price.ts';
import { BloggerDecisionForms } from './blogger-decision.tsx';

/** The badge colour of each application status. */
export const BLOGGER_TONE: Record<BloggerStatus, string> = {
  pending: 'pending',
  changes_requested: 'pending',
  approved: 'done',
  rejected: 'bad',
  suspended: 'bad',
};

export function BloggerCard({
  blogger,
  canDecide,
  onDone,
}: {
  blogger: AdminBlogger;
  canDecide: boolean;
  onDone: () => void;
}) {
  return (
    <article className="admin-card" aria-label={`Заявка ${blogger.promo_code}`}>
      <div className="admin-card__title-row">
        <h2 className="admin-card__title">Заявка {blogger.promo_code}</h2>
        <span className={`admin-badge admin-badge--${BLOGGER_TONE[blogger.status]}`}>
          {BLOGGER_STATUS_RU[blogger.status]}
        </span>
      </div>
      <BloggerFacts blogger={blogger} />
      {canDecide && blogger.status !== 'rejected' && (
        <BloggerDecisionForms blogger={blogger} onDone={onDone} />
      )}
    </article>
  );
}

function BloggerFacts({ blogger }: { blogger: AdminBlogger }) {
  return (
    <dl className="admin-facts">
      <dt>Контакт</dt>
      <dd>{blogger.contact}</dd>
      <dt>Telegram</dt>
      <dd>
        {blogger.user.first_name}
        {blogger.user.username ? ` @${blogger.user.username}` : ''} · id {blogger.user.telegram_id}
      </dd>
      <dt>Аудитория</dt>
      <dd>
        {blogger.followers.toLocaleString('ru-RU')} · {BLOGGER_PLATFORM_RU[blogger.platform]} ·{' '}
        {blogger.topic}
      </dd>
      {blogger.moderator_comment && (
        <>
          <dt>Комментарий</dt>
          <dd>{blogger.moderator_comment}</dd>
        </>
      )}
      <dt>Баланс</dt>
      <dd>
        {formatPrice(blogger.balance.available)} доступно · {formatPrice(blogger.balance.pending)} ожидает ·{' '}
        {formatPrice(blogger.balance.paid_total)} выплачено
      </dd>
    </dl>
  );
}
