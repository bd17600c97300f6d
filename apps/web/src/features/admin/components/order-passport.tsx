// The shopper's passport data in the order card, for a customs declaration: masked for everyone;
// an owner may show it in full (the server audit-logs each reveal) and hide it again.
import type { Passport } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { orderPassportQueryOptions } from '../api/get-order-passport.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

export function OrderPassport({ orderId, canReveal }: { orderId: number; canReveal: boolean }) {
  const [reveal, setReveal] = useState(false);
  const query = useQuery(orderPassportQueryOptions(orderId, reveal));
  const passport = query.data;

  return (
    <section className="admin-card" aria-labelledby="passport-title">
      <div className="admin-card__title-row">
        <h2 id="passport-title" className="admin-card__title">
          Паспорт покупателя
        </h2>
        {canReveal && passport && (
          <Button
            size="small"
            variant="light-primary"
            loading={query.isFetching}
            onClick={() => setReveal((r) => !r)}
          >
            {reveal ? 'Скрыть' : 'Показать'}
          </Button>
        )}
      </div>
      {query.isPending ? (
        <span role="status" aria-label="Загрузка">
          <Spinner />
        </span>
      ) : query.isError ? (
        <p className="admin-error" role="alert">
          {query.error.message}
        </p>
      ) : passport ? (
        <PassportFacts passport={passport} />
      ) : (
        <p className="admin-muted">Покупатель не сохранил паспортные данные</p>
      )}
    </section>
  );
}

function PassportFacts({ passport: p }: { passport: Passport }) {
  return (
    <dl className="admin-facts" aria-label={p.masked ? 'Паспорт, скрыт' : 'Паспорт полностью'}>
      {/* Field by field, as a customs declaration asks for them. */}
      <dt>Фамилия</dt>
      <dd>{p.last_name}</dd>
      <dt>Имя</dt>
      <dd>{p.first_name}</dd>
      <dt>Отчество</dt>
      <dd>{p.middle_name || '—'}</dd>
      <dt>Дата рождения</dt>
      <dd>{p.birth_date}</dd>
      <dt>Серия и номер</dt>
      <dd className="admin-mono">
        {p.series} {p.number}
      </dd>
      <dt>Дата выдачи</dt>
      <dd>{p.issue_date}</dd>
      <dt>ИНН</dt>
      <dd className="admin-mono">{p.inn}</dd>
      <dt>Почта</dt>
      <dd>{p.email}</dd>
    </dl>
  );
}
