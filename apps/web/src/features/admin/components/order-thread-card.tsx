// The order's question thread in the console card (issue 27): the shopper's questions (from the
// app or the bot) and the staff's answers; an answer goes to the shopper by the bot.
import { ORDER_MESSAGE_MAX } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { useAdminOrderThread, useAnswerOrder } from '../api/order-thread.ts';
import { formatDateTime } from '../admin-labels.ts';

const VIA_RU = { app: 'из приложения', bot: 'в боте', console: 'из консоли' } as const;

export function OrderThreadCard({ orderId, canWrite }: { orderId: number; canWrite: boolean }) {
  const thread = useAdminOrderThread(orderId);
  const answer = useAnswerOrder(orderId);
  const [text, setText] = useState('');
  const messages = thread.data ?? [];
  return (
    <section className="admin-card" aria-labelledby="thread-title" data-testid="order-thread-card">
      <h2 id="thread-title" className="admin-card__title">
        Вопросы покупателя
      </h2>
      {thread.isError && (
        <p className="admin-error" role="alert">
          {thread.error.message}
        </p>
      )}
      {thread.isSuccess && messages.length === 0 && <p className="admin-muted">Вопросов нет</p>}
      <ul className="admin-list">
        {messages.map((m) => (
          <li key={m.id} className="admin-list__item">
            <p className="admin-note__text">
              <strong>{m.author === 'staff' ? 'Магазин' : 'Покупатель'}:</strong> {m.text}
            </p>
            <span className="admin-muted">
              {VIA_RU[m.via]} · {formatDateTime(m.created_at)}
            </span>
          </li>
        ))}
      </ul>
      {canWrite && (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim() || answer.isPending) return;
            answer.mutate(text.trim(), {
              onSuccess: () => {
                setText('');
                notify.success('Ответ отправлен покупателю');
              },
            });
          }}
        >
          <textarea
            className="admin-input"
            rows={3}
            maxLength={ORDER_MESSAGE_MAX}
            placeholder="Ответ уйдёт покупателю в бот и появится в заказе"
            aria-label="Ответ покупателю"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" size="small" disabled={!text.trim()} loading={answer.isPending}>
            Ответить
          </Button>
        </form>
      )}
    </section>
  );
}
