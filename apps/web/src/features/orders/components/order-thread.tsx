// «Задать вопрос по заказу» (issue 27; DESIGN §13): the order's thread with the shop — the
// shopper's questions and the staff's answers (which also come in the bot) — and a box to ask.
import { ORDER_MESSAGE_MAX } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useAskAboutOrder, useOrderMessages } from '../api/order-messages.ts';

const time = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

export function OrderThread({ orderId }: { orderId: number }) {
  const messages = useOrderMessages(orderId);
  const ask = useAskAboutOrder(orderId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const send = useSingleFlight(async () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    try {
      await ask.mutateAsync(trimmed);
      haptic.success();
      setText('');
    } catch {
      // The mutation's toast has said what went wrong; the text stays for another try.
    }
  });
  const list = messages.data ?? [];

  return (
    <section className="order-section order-thread" aria-labelledby="order-thread">
      <h2 id="order-thread" className="order-section__title">
        Вопросы по заказу
      </h2>
      {messages.isError ? (
        <LoadError
          inline
          title="Не удалось загрузить переписку"
          onRetry={messages.refetch}
          retrying={messages.isFetching}
        />
      ) : (
        list.length > 0 && (
          <ol className="order-thread__list" aria-label="Переписка с магазином">
            {list.map((m) => (
              <li key={m.id} className={`order-thread__message order-thread__message--${m.author}`}>
                <span className="order-thread__who">{m.author === 'staff' ? 'Магазин' : 'Вы'}</span>
                <p className="order-thread__text">{m.text}</p>
                <time className="order-thread__time" dateTime={m.created_at}>
                  {time.format(new Date(m.created_at))}
                </time>
              </li>
            ))}
          </ol>
        )
      )}
      {open || list.length > 0 ? (
        <form
          className="order-thread__form"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <textarea
            className="order-thread__input"
            rows={3}
            maxLength={ORDER_MESSAGE_MAX}
            placeholder="Ваш вопрос: сроки, размер, доставка…"
            aria-label="Ваш вопрос по заказу"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <p className="order-thread__hint">Ответ придёт в чат с ботом и появится здесь.</p>
          <Button
            type="submit"
            variant="light-primary"
            size="medium"
            fullWidth
            disabled={!text.trim()}
            loading={ask.isPending}
          >
            Отправить
          </Button>
        </form>
      ) : (
        <Button
          variant="light-primary"
          size="medium"
          fullWidth
          onClick={() => {
            haptic.selection();
            setOpen(true);
          }}
        >
          Задать вопрос по заказу
        </Button>
      )}
    </section>
  );
}
