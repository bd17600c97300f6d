// The console's catalogue (DESIGN §7.2): search, then per product the title, description and
// publication, and the price and stock of each variant. The search is the shop's own listing, so
// it finds published products only; products hidden here stay listed until the page is left, to
// be published again.
import { roleCan, type AdminProduct, type Product, type Variant } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { formatPrice } from '../../../lib/price.ts';
import {
  adminProductQueryOptions,
  adminProductSearchQueryOptions,
  usePatchProduct,
  usePatchVariant,
} from '../api/catalog-admin.ts';
import { useStaffRole } from '../use-staff-role.ts';

export function CatalogView() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [openId, setOpenId] = useState<number | null>(null);
  const results = useQuery(adminProductSearchQueryOptions(deferred));
  const [hidden, setHidden] = useState<AdminProduct[]>([]);
  const canEdit = roleCan(useStaffRole(), 'operate');
  const publish = usePatchProduct();

  return (
    <section className="admin-catalog">
      <SearchInput
        value={search}
        onValueChange={setSearch}
        placeholder="Название, бренд или артикул"
        aria-label="Поиск товаров"
      />
      {results.isError && (
        <p className="admin-error" role="alert">
          {results.error.message}
        </p>
      )}
      {hidden.length > 0 && (
        <section className="admin-card" aria-labelledby="hidden-title">
          <h2 id="hidden-title" className="admin-card__title">
            Сняты с публикации
          </h2>
          <ul className="admin-list">
            {hidden.map((p) => (
              <li key={p.id} className="admin-list__item admin-line">
                <span className="admin-line__text">
                  <span>{p.title}</span>
                  <span className="admin-muted">{p.spu}</span>
                </span>
                {canEdit && (
                  <Button
                    size="small"
                    variant="light-primary"
                    onClick={() =>
                      publish.mutate(
                        { id: p.id, is_published: true },
                        {
                          onSuccess: () => {
                            setHidden((list) => list.filter((h) => h.id !== p.id));
                            notify.success('Товар опубликован');
                          },
                          onError: (e) => notify.error(e.message),
                        },
                      )
                    }
                  >
                    Опубликовать
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ul className="admin-list admin-card">
        {results.data?.map((p) => (
          <li key={p.id} className="admin-list__item">
            <button
              type="button"
              className="admin-product-row"
              aria-expanded={openId === p.id}
              onClick={() => setOpenId(openId === p.id ? null : p.id)}
            >
              <span className="admin-line__text">
                <span>{p.title}</span>
                <span className="admin-muted">
                  {p.spu} · от {formatPrice(p.min_price)}
                  {p.in_stock ? '' : ' · нет в наличии'}
                </span>
              </span>
            </button>
            {openId === p.id && (
              <ProductEditor
                id={p.id}
                onUnpublished={(h) => setHidden((list) => [h, ...list.filter((x) => x.id !== h.id)])}
              />
            )}
          </li>
        ))}
        {results.data?.length === 0 && <li className="admin-empty">Ничего не найдено</li>}
      </ul>
    </section>
  );
}

type Unpublished = (product: AdminProduct) => void;

function ProductEditor({ id, onUnpublished }: { id: number; onUnpublished: Unpublished }) {
  const product = useQuery(adminProductQueryOptions(id));
  if (product.isPending) return <p className="admin-muted">Загрузка…</p>;
  if (product.isError) return <p className="admin-error">{product.error.message}</p>;
  return <ProductForm key={product.dataUpdatedAt} product={product.data} onUnpublished={onUnpublished} />;
}

function ProductForm({ product, onUnpublished }: { product: Product; onUnpublished: Unpublished }) {
  const canEdit = roleCan(useStaffRole(), 'operate');
  const [title, setTitle] = useState(product.title);
  const [description, setDescription] = useState(product.description);
  const patch = usePatchProduct();
  const changed = title.trim() !== product.title || description !== product.description;

  const save = (body: { title?: string; description?: string; is_published?: boolean }, done: string) =>
    patch.mutate(
      { id: product.id, ...body },
      {
        onSuccess: (saved) => {
          notify.success(done);
          if (!saved.is_published) onUnpublished(saved);
        },
        onError: (e) => notify.error(e.message),
      },
    );

  return (
    <div className="admin-form admin-product-form">
      <label className="admin-field">
        <span>Название</span>
        <input
          className="admin-input"
          value={title}
          disabled={!canEdit}
          maxLength={300}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="admin-field">
        <span>Описание (HTML)</span>
        <textarea
          className="admin-input"
          rows={4}
          value={description}
          disabled={!canEdit}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      {canEdit && (
        <div className="admin-actions">
          <Button
            size="small"
            disabled={!changed || !title.trim()}
            loading={patch.isPending}
            onClick={() => save({ title: title.trim(), description }, 'Товар сохранён')}
          >
            Сохранить
          </Button>
          <Button
            size="small"
            variant="secondary"
            onClick={() => save({ is_published: false }, 'Товар снят с публикации')}
          >
            Снять с публикации
          </Button>
        </div>
      )}
      <table className="admin-variants">
        <thead>
          <tr>
            <th>Вариант</th>
            <th>Цена, ₽</th>
            <th>Остаток</th>
            <th aria-label="Действия" />
          </tr>
        </thead>
        <tbody>
          {product.variants.map((v) => (
            <VariantRow key={v.id} variant={v} canEdit={canEdit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function VariantRow({ variant, canEdit }: { variant: Variant; canEdit: boolean }) {
  const [price, setPrice] = useState(String(variant.price));
  const [qty, setQty] = useState(String(variant.qty));
  const patch = usePatchVariant();
  const changed = Number(price) !== variant.price || Number(qty) !== variant.qty;
  // The variant's own title repeats the product's; colour and sizes tell the rows apart.
  const label =
    [variant.color, variant.size, variant.size_eu ? `EU ${variant.size_eu}` : null]
      .filter(Boolean)
      .join(' · ') || variant.title;
  return (
    <tr>
      <td>{label || `№${variant.id}`}</td>
      <td>
        <input
          className="admin-input admin-input--num"
          inputMode="numeric"
          aria-label={`Цена: ${label}`}
          value={price}
          disabled={!canEdit}
          onChange={(e) => setPrice(e.target.value.replace(/\D/g, ''))}
        />
      </td>
      <td>
        <input
          className="admin-input admin-input--num"
          inputMode="numeric"
          aria-label={`Остаток: ${label}`}
          value={qty}
          disabled={!canEdit}
          onChange={(e) => setQty(e.target.value.replace(/\D/g, ''))}
        />
      </td>
      <td>
        {canEdit && (
          <Button
            size="small"
            variant="light-primary"
            disabled={!changed || price === '' || qty === ''}
            loading={patch.isPending}
            onClick={() =>
              patch.mutate(
                { id: variant.id, price: Number(price), qty: Number(qty) },
                {
                  onSuccess: () => notify.success('Вариант сохранён'),
                  onError: (e) => notify.error(e.message),
                },
              )
            }
          >
            ОК
          </Button>
        )}
      </td>
    </tr>
  );
}
