// A moderator's decision on a blogger's application (DESIGN §8): approve with the commission and
// erid (or change them once approved), ask for changes with a comment, or reject with a reason.
// The three share one mutation, so each button waits while any decision is being saved.
import type { AdminBlogger } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { keepFiltered } from '../../../lib/filtered-input.ts';
import { useDecideBlogger, type BloggerDecision } from '../api/programmes-admin.ts';

export const REJECT_REASONS = ['Мало подписчиков', 'Неподходящая тематика', 'Накрутка', 'Другое'] as const;

type Decide = {
  blogger: AdminBlogger;
  pending: boolean;
  run: (decision: BloggerDecision, done: string) => void;
};

export function BloggerDecisionForms({ blogger, onDone }: { blogger: AdminBlogger; onDone: () => void }) {
  const decide = useDecideBlogger();
  const run = (decision: BloggerDecision, done: string) =>
    decide.mutate(
      { id: blogger.id, decision },
      {
        onSuccess: () => {
          notify.success(done);
          onDone();
        },
      },
    );
  const props = { blogger, pending: decide.isPending, run };

  return (
    <div className="admin-form">
      <ApproveForm {...props} />
      {blogger.status !== 'approved' && (
        <>
          <RequestChangesForm {...props} />
          <RejectForm {...props} />
        </>
      )}
    </div>
  );
}

function ApproveForm({ blogger, pending, run }: Decide) {
  const [commission, setCommission] = useState(String(blogger.commission_percent));
  const [erid, setErid] = useState(blogger.erid ?? '');
  const percent = Number(commission);
  const percentOk = Number.isInteger(percent) && percent >= 1 && percent <= 20;
  const approved = blogger.status === 'approved';

  return (
    <>
      <h3 className="admin-card__title">{approved ? 'Условия' : 'Одобрить'}</h3>
      <div className="admin-actions">
        <label className="admin-field">
          Комиссия, %
          <input
            className="admin-input admin-input--num"
            inputMode="numeric"
            value={commission}
            onChange={(e) =>
              setCommission(keepFiltered(e.currentTarget, (v) => v.replace(/\D/g, '').slice(0, 2)))
            }
            aria-invalid={!percentOk || undefined}
          />
        </label>
        <label className="admin-field">
          erid
          <input
            className="admin-input"
            value={erid}
            onChange={(e) => setErid(e.target.value)}
            placeholder="2Vtzqx…"
          />
        </label>
      </div>
      {!percentOk && <p className="admin-error">Комиссия 1–20 %</p>}
      <Button
        size="medium"
        disabled={!percentOk}
        loading={pending}
        onClick={() =>
          run(
            {
              kind: 'approve',
              body: { commission_percent: percent, ...(erid.trim() ? { erid: erid.trim() } : {}) },
            },
            approved ? 'Условия сохранены' : 'Заявка одобрена',
          )
        }
      >
        {approved ? 'Сохранить условия' : 'Одобрить'}
      </Button>
    </>
  );
}

function RequestChangesForm({ pending, run }: Decide) {
  const [comment, setComment] = useState('');
  return (
    <>
      <h3 className="admin-card__title">Уточнить</h3>
      <textarea
        className="admin-input"
        rows={2}
        aria-label="Что уточнить"
        placeholder="Пришлите ссылку на основной канал"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <Button
        variant="secondary"
        size="medium"
        disabled={!comment.trim()}
        loading={pending}
        onClick={() =>
          run({ kind: 'request-changes', comment: comment.trim() }, 'Запрос уточнения отправлен')
        }
      >
        Запросить уточнения
      </Button>
    </>
  );
}

function RejectForm({ pending, run }: Decide) {
  const [reason, setReason] = useState<string>(REJECT_REASONS[0]);
  const [reasonText, setReasonText] = useState('');
  const other = reason === 'Другое';
  return (
    <>
      <h3 className="admin-card__title">Отклонить</h3>
      <select
        className="admin-select"
        aria-label="Причина"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      >
        {REJECT_REASONS.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </select>
      {other && (
        <input
          className="admin-input"
          aria-label="Причина отказа"
          placeholder="Причина отказа"
          value={reasonText}
          onChange={(e) => setReasonText(e.target.value)}
        />
      )}
      <Button
        variant="error"
        size="medium"
        disabled={other && !reasonText.trim()}
        loading={pending}
        onClick={() =>
          run({ kind: 'reject', reason: other ? reasonText.trim() : reason }, 'Заявка отклонена')
        }
      >
        Отклонить
      </Button>
    </>
  );
}
