// Internal notes on an order: seen by staff only.
import type { AdminNote } from '@shop/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useAddOrderNote } from '../api/add-order-note.ts';
import { formatDateTime } from '../admin-labels.ts';
import { actorName } from './actor.ts';

export function OrderNotes({
  orderId,
  notes,
  canWrite,
}: {
  orderId: number;
  notes: AdminNote[];
  canWrite: boolean;
}) {
  const [text, setText] = useState('');
  const add = useAddOrderNote();
  return (
    <section className="admin-card" aria-labelledby="notes-title">
      <h2 id="notes-title" className="admin-card__title">
        Заметки
      </h2>
      {notes.length === 0 && <p className="admin-muted">Заметок нет</p>}
      <ul className="admin-list">
        {notes.map((n) => (
          <li key={n.id} className="admin-list__item">
            <p className="admin-note__text">{n.text}</p>
            <span className="admin-muted">
              {actorName(n.author)} · {formatDateTime(n.created_at)}
            </span>
          </li>
        ))}
      </ul>
      {canWrite && (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim()) return;
            add.mutate({ id: orderId, text: text.trim() }, { onSuccess: () => setText('') });
          }}
        >
          <textarea
            className="admin-input"
            rows={2}
            maxLength={4000}
            placeholder="Заметка для сотрудников"
            aria-label="Новая заметка"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button
            type="submit"
            size="small"
            variant="secondary"
            disabled={!text.trim()}
            loading={add.isPending}
          >
            Добавить заметку
          </Button>
        </form>
      )}
    </section>
  );
}
