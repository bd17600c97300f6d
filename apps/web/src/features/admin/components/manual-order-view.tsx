// «Новый заказ» (docs/product.md §12.6): an order for a shopper who ordered in a chat. Staff find the
// shopper, pick the lines, choose one of the shopper's addresses or a new pickup point, and
// `Оформить и отправить ссылку`: the order is placed as at checkout (awaiting payment, stock
// reserved) and the bot sends the shopper the payment link. One Idempotency-Key per draft, so a
// repeated tap places one order.
import './console-pages.css';
import type { AdminCustomerRow } from '@shop/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { formatPrice } from '../../../lib/price.ts';
import { usePlaceManualOrder } from '../api/manual-order.ts';
import { DeliveryChoice, deliveryOf, useDeliveryDraft } from './delivery-choice.tsx';
import { customerName, LinePicker, ShopperPicker, type PickedLine } from './manual-order-parts.tsx';

function Lines({ lines, onChange }: { lines: PickedLine[]; onChange: (lines: PickedLine[]) => void }) {
  const total = lines.reduce((sum, l) => sum + l.variant.price * l.quantity, 0);
  const setQty = (i: number, quantity: number) =>
    onChange(lines.map((l, k) => (k === i ? { ...l, quantity } : l)));
  if (lines.length === 0) return <p className="admin-muted">Добавьте товары из поиска ниже</p>;
  return (
    <>
      <ul className="admin-list" aria-label="Товары заказа">
        {lines.map((l, i) => (
          <li key={l.variant.id} className="admin-list__item admin-line" data-variant-id={l.variant.id}>
            <span className="admin-line__text">
              <span>{l.title}</span>
              <span className="admin-muted">
                {[l.variant.title, l.variant.color].filter(Boolean).join(' · ')} ·{' '}
                {formatPrice(l.variant.price)}
              </span>
            </span>
            <span className="admin-inventory__delta">
              <input
                className="admin-input"
                type="number"
                min={1}
                max={Math.max(1, l.variant.qty)}
                aria-label={`Количество: ${l.title}`}
                value={l.quantity}
                onChange={(e) => setQty(i, Math.max(1, Math.min(Number(e.target.value) || 1, l.variant.qty)))}
              />
              <button
                type="button"
                className="admin-link-button"
                onClick={() => onChange(lines.filter((_, k) => k !== i))}
              >
                Убрать
              </button>
            </span>
          </li>
        ))}
      </ul>
      <p className="admin-line">
        <span>Итого</span>
        <span className="admin-line__sum" data-testid="manual-total">
          {formatPrice(total)}
        </span>
      </p>
    </>
  );
}

export function ManualOrderView() {
  const navigate = useNavigate();
  const place = usePlaceManualOrder();
  const [key] = useState(() => crypto.randomUUID());
  const [shopper, setShopper] = useState<AdminCustomerRow | null>(null);
  const [lines, setLines] = useState<PickedLine[]>([]);
  const draft = useDeliveryDraft();

  const pickShopper = (c: AdminCustomerRow | null) => {
    setShopper(c);
    draft.reset({
      fio: c?.first_name ?? '',
      last_name: c?.last_name ?? '',
      phone_number: c?.phone_number ?? '',
    });
  };
  const addLine = (line: PickedLine) =>
    setLines((ls) => (ls.some((l) => l.variant.id === line.variant.id) ? ls : [...ls, line]));
  const delivery = deliveryOf(draft);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!shopper || !delivery || lines.length === 0) return;
    const items = lines.map((l) => ({
      product_id: l.productId,
      variant_id: l.variant.id,
      quantity: l.quantity,
    }));
    place.mutate(
      { body: { user_id: shopper.id, items, ...delivery }, key },
      {
        onSuccess: (order) => {
          notify.success(`Заказ №${order.id} оформлен, покупателю отправлена ссылка на оплату`);
          void navigate(paths.adminOrder(order.id));
        },
      },
    );
  };

  return (
    <form className="admin-product-create admin-form admin-manual-order" onSubmit={submit}>
      <section className="admin-card" aria-labelledby="manual-shopper">
        <h2 id="manual-shopper" className="admin-card__title">
          Покупатель
        </h2>
        {shopper ? (
          <p className="admin-line" data-testid="manual-shopper">
            <span className="admin-line__text">
              <span>{customerName(shopper)}</span>
              {shopper.username && <span className="admin-muted">@{shopper.username}</span>}
            </span>
            <button type="button" className="admin-link-button" onClick={() => pickShopper(null)}>
              Сменить
            </button>
          </p>
        ) : (
          <ShopperPicker onPick={pickShopper} />
        )}
      </section>
      <section className="admin-card" aria-labelledby="manual-lines">
        <h2 id="manual-lines" className="admin-card__title">
          Товары
        </h2>
        <Lines lines={lines} onChange={setLines} />
        <LinePicker onAdd={addLine} />
      </section>
      {shopper && (
        <section className="admin-card" aria-labelledby="manual-delivery">
          <h2 id="manual-delivery" className="admin-card__title">
            Доставка
          </h2>
          <DeliveryChoice userId={shopper.id} draft={draft} />
        </section>
      )}
      <Button
        type="submit"
        size="medium"
        fullWidth
        loading={place.isPending}
        disabled={!shopper || !delivery || lines.length === 0}
      >
        Оформить и отправить ссылку
      </Button>
    </form>
  );
}
