// The picks editor on the blogger's dashboard (DESIGN §8): the products on the public page, each
// with a short comment, added from the products the page offers (the shopper's favourites) and
// saved at once with PUT /blogger/picks.
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSavePicks } from '../api/blogger.ts';
import { MAX_PICKS } from '@shop/contract';
import type { PickInput } from '../types.ts';
import './programmes.css';

export type PickProduct = { id: number; title: string; image_src: string | null };

type Props = {
  /** The current picks with their products (from the public page). */
  picks: { product: PickProduct; comment: string }[];
  /** Products that can be added. */
  candidates: PickProduct[];
  loading?: boolean;
};

export function PicksEditor({ picks, candidates, loading }: Props) {
  const save = useSavePicks();
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<PickProduct | null>(null);
  const [comment, setComment] = useState('');
  const inPicks = new Set(picks.map((p) => p.product.id));
  const free = candidates.filter((c) => !inPicks.has(c.id));

  const write = (items: PickInput[], done: string) =>
    save.mutate(items, {
      onSuccess: () => notify.success(done),
    });
  const current = (): PickInput[] => picks.map((p) => ({ product_id: p.product.id, comment: p.comment }));

  return (
    <section className="pg" aria-labelledby="picks-title">
      <h2 id="picks-title" className="pg-section-title">
        Моя подборка
      </h2>
      <p className="pg-hint">Товары, которые покупатели увидят на вашей странице.</p>
      {loading ? null : picks.length === 0 ? (
        <p className="pg-hint">В подборке пока нет товаров.</p>
      ) : (
        <ul className="pg-rows" aria-label="Товары подборки">
          {picks.map((p) => (
            <li key={p.product.id}>
              <div className="pg-row">
                <span className="pg-thumb">
                  <ProductImage
                    src={p.product.image_src}
                    size={{ width: 96 }}
                    alt=""
                    width={48}
                    height={48}
                  />
                </span>
                <span className="pg-row__main">
                  <span className="pg-row__title">{p.product.title}</span>
                  {p.comment && <span className="pg-row__sub">{p.comment}</span>}
                </span>
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={`Убрать ${p.product.title} из подборки`}
                  disabled={save.isPending}
                  onClick={() =>
                    write(
                      current().filter((c) => c.product_id !== p.product.id),
                      'Товар убран из подборки',
                    )
                  }
                >
                  Убрать
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="light-primary"
        size="medium"
        fullWidth
        disabled={picks.length >= MAX_PICKS}
        onClick={() => setAdding(true)}
      >
        Добавить товар
      </Button>

      <Drawer open={adding} onOpenChange={setAdding} title="Добавить в подборку">
        {chosen ? (
          <form
            className="pg-form"
            onSubmit={(e) => {
              e.preventDefault();
              write(
                [...current(), { product_id: chosen.id, comment: comment.trim() }],
                'Товар добавлен в подборку',
              );
              setChosen(null);
              setComment('');
              setAdding(false);
            }}
          >
            <p className="pg-row__title">{chosen.title}</p>
            <TextField
              label="Комментарий (необязательно)"
              value={comment}
              onValueChange={setComment}
              maxLength={140}
            />
            <Button type="submit" fullWidth loading={save.isPending}>
              Добавить
            </Button>
            <Button variant="secondary" fullWidth onClick={() => setChosen(null)}>
              Назад
            </Button>
          </form>
        ) : free.length === 0 ? (
          <p className="pg-hint">
            Добавьте товары в избранное — они появятся здесь, и их можно будет включить в подборку.
          </p>
        ) : (
          <ul className="pg-rows" aria-label="Избранные товары">
            {free.map((c) => (
              <li key={c.id}>
                <button type="button" className="pg-row" onClick={() => setChosen(c)}>
                  <span className="pg-thumb">
                    <ProductImage src={c.image_src} size={{ width: 96 }} alt="" width={48} height={48} />
                  </span>
                  <span className="pg-row__main">
                    <span className="pg-row__title">{c.title}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Drawer>
    </section>
  );
}
