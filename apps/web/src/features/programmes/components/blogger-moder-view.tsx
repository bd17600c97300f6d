// blogger/moder for the applicant (research §5.4): the application's state — waiting, changes
// requested with the moderator's comment, refused with the reason and the date to apply again —
// with the summary of what was sent.
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { plural } from '../../../lib/plural.ts';
import { useWithdrawApplication } from '../api/blogger.ts';
import { dayMonth, FOLLOWER_FORMS } from '../labels.ts';
import { BLOGGER_PLATFORM_RU } from '@shop/contract';
import type { BloggerApplication, BloggerStatus } from '../types.ts';
import './programmes.css';
import { paths } from '../../../lib/paths.ts';

type Props = { status: BloggerStatus; application: BloggerApplication };

export function BloggerModerView({ status, application }: Props) {
  const navigate = useNavigate();
  const withdraw = useWithdrawApplication();

  const askWithdraw = async () => {
    const ok = await confirm({
      title: 'Отозвать заявку?',
      message: 'Заявка будет удалена, промокод освободится. Подать новую можно в любой момент.',
      confirmText: 'Отозвать',
      cancelText: 'Отмена',
      destructive: true,
    });
    if (!ok) return;
    withdraw.mutate(undefined, {
      onSuccess: () => {
        notify.success('Заявка отозвана');
        void navigate(paths.bloggerInitial, { replace: true });
      },
    });
  };

  return (
    <div className="pg">
      {status === 'pending' && (
        <div className="pg-state">
          <span className="pg-state__icon" aria-hidden="true">
            ⏳
          </span>
          <h2 className="pg-state__title">Заявка на модерации</h2>
          <p className="pg-state__text">
            Проверяем ваш аккаунт, обычно 1–3 рабочих дня. Пришлём сообщение в Telegram, когда решим.
          </p>
        </div>
      )}
      {status === 'changes_requested' && (
        <div className="pg-state">
          <span className="pg-state__icon" aria-hidden="true">
            ✏️
          </span>
          <h2 className="pg-state__title">Нужно уточнить заявку</h2>
          {application.moderator_comment && <p className="pg-quote">{application.moderator_comment}</p>}
        </div>
      )}
      {(status === 'rejected' || status === 'suspended') && (
        <div className="pg-state">
          <span className="pg-state__icon" aria-hidden="true">
            🚫
          </span>
          <h2 className="pg-state__title">
            {status === 'rejected' ? 'Заявка отклонена' : 'Партнёрство приостановлено'}
          </h2>
          {application.moderator_comment && <p className="pg-quote">{application.moderator_comment}</p>}
          {application.reapply_after && (
            <p className="pg-state__text">
              Подать заявку снова можно с {dayMonth(application.reapply_after)}
            </p>
          )}
        </div>
      )}

      <section className="pg-card" aria-labelledby="application-summary">
        <h2 id="application-summary" className="pg-card__title">
          Ваша заявка
        </h2>
        <dl className="pg-kv">
          <dt>Площадка</dt>
          <dd>{BLOGGER_PLATFORM_RU[application.platform]}</dd>
          <dt>Канал</dt>
          <dd>{application.url}</dd>
          <dt>Аудитория</dt>
          <dd>
            {application.followers.toLocaleString('ru-RU')} {plural(application.followers, FOLLOWER_FORMS)}
          </dd>
          {application.topic && (
            <>
              <dt>Тематика</dt>
              <dd>{application.topic}</dd>
            </>
          )}
          <dt>Промокод</dt>
          <dd>{application.promo_code}</dd>
          <dt>Отправлена</dt>
          <dd>{dayMonth(application.submitted_at)}</dd>
        </dl>
      </section>

      {(status === 'pending' || status === 'changes_requested') && (
        <div className="pg-actions">
          <Button
            variant={status === 'changes_requested' ? 'primary' : 'light-primary'}
            onClick={() => void navigate(paths.bloggerInitial)}
          >
            {status === 'changes_requested' ? 'Исправить заявку' : 'Изменить заявку'}
          </Button>
          {status === 'pending' && (
            <Button variant="secondary" loading={withdraw.isPending} onClick={() => void askWithdraw()}>
              Отозвать заявку
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
