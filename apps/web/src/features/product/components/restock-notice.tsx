// «Сообщить о поступлении» under the sizes (docs/product.md §4.9): for the sold-out sizes of the
// shown colour (or the sold-out variant of a product without sizes). One such size subscribes at
// a tap; several open their list first. A size waited for says so; the bot writes once when it
// is on sale again.
import type { Variant } from '@shop/contract';
import { useState } from 'react';
import { notify } from '../../../components/ui/notify.ts';
import { sizeName } from '../../../lib/variant-label.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useRestockWaiting, useSubscribeRestock } from '../api/restock.ts';

const DONE = 'Сообщим в боте, когда размер появится';

export function RestockNotice({ productId, soldOut }: { productId: number; soldOut: Variant[] }) {
  const [open, setOpen] = useState(false);
  const waiting = useRestockWaiting(productId, open);
  const subscribe = useSubscribeRestock(productId);
  if (soldOut.length === 0) return null;

  const waitFor = (variantId: number) => {
    haptic.impact('light');
    subscribe.mutate(variantId, { onSuccess: () => notify.success(DONE) });
  };
  const single = soldOut.length === 1 ? soldOut[0]! : null;
  const waited = new Set(waiting.data ?? []);
  if (subscribe.data) waited.add(subscribe.data.variant_id);

  if (!open) {
    return (
      <div className="restock">
        <button
          type="button"
          className="restock__open"
          disabled={single !== null && waited.has(single.id)}
          onClick={() => (single ? waitFor(single.id) : setOpen(true))}
        >
          {single && waited.has(single.id) ? DONE : 'Сообщить о поступлении'}
        </button>
      </div>
    );
  }
  return (
    <section className="restock" aria-label="Сообщить о поступлении">
      <p className="restock__hint">Какой размер ждёте? Напишем в боте, когда он появится.</p>
      <div className="restock__sizes">
        {soldOut.map((v) => {
          const isWaited = waited.has(v.id);
          return (
            <button
              key={v.id}
              type="button"
              className={`restock__size${isWaited ? ' restock__size--waited' : ''}`}
              aria-pressed={isWaited}
              disabled={isWaited || subscribe.isPending}
              onClick={() => waitFor(v.id)}
            >
              {sizeName(v, { unit: false }) ?? v.title}
              {isWaited && <small> · ждём</small>}
            </button>
          );
        })}
      </div>
    </section>
  );
}
