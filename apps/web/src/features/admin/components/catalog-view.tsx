// The console's catalogue (docs/product.md §12.2): search through the shop's own listing, then per product
// the title, description and publication, and the price and stock of each variant. A hidden product
// leaves the shop's listing, so the one being edited stays pinned in the list until it is closed.
import { roleCan, type AdminProduct, type Variant } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { formatPrice } from '../../../lib/price.ts';
import {
  adminProductMetaQueryOptions,
  adminProductQueryOptions,
  adminProductSearchQueryOptions,
  usePatchProduct,
  usePatchVariant,
} from '../api/catalog-admin.ts';
import { useStaffRole } from '../use-staff-role.ts';
import { keepFiltered } from '../../../lib/filtered-input.ts';

export function CatalogView() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [openId, setOpenId] = useState<number | null>(null);
  const results = useQuery(adminProductSearchQueryOptions(deferred));
  const pinned = useQuery(adminProductMetaQueryOptions(openId));
  const showPinned =
    openId !== null && pinned.data?.id === openId && results.data?.some((p) => p.id === openId) === false;

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
            {openId === p.id && <ProductEditor id={p.id} />}
          </li>
        ))}
        {showPinned && (
          <li className="admin-list__item">
            <button type="button" className="admin-product-row" aria-expanded onClick={() => setOpenId(null)}>
              <span className="admin-line__text">
                <span>{pinned.data!.title}</span>
                <span className="admin-muted">
                  {pinned.data!.spu}
                  {pinned.data!.is_published ? '' : ' · скрыт'}
                </span>
              </span>
            </button>
            <ProductEditor id={openId} />
          </li>
        )}
        {results.data?.length === 0 && !showPinned && <li className="admin-empty">Ничего не найдено</li>}
      </ul>
    </section>
  );
}

function ProductEditor({ id }: { id: number }) {
  const product = useQuery(adminProductMetaQueryOptions(id));
  if (product.isPending) return <p className="admin-muted">Загрузка…</p>;
  if (product.isError) return <p className="admin-error">{product.error.message}</p>;
  return <ProductForm product={product.data} />;
}

function ProductForm({ product }: { product: AdminProduct }) {
  const canEdit = roleCan(useStaffRole(), 'operate');
  const [title, setTitle] = useState(product.title);
  const [description, setDescription] = useState(product.description);
  const patch = usePatchProduct();
  const publish = usePatchProduct();
  // The variants come from the shop's own product page, which shows published products only.
  const shop = useQuery({ ...adminProductQueryOptions(product.id), enabled: product.is_published });
  const changed = title.trim() !== product.title || description !== product.description;

  const save = () =>
    patch.mutate(
      { id: product.id, title: title.trim(), description },
      { onSuccess: () => notify.success('Товар сохранён'), onError: (e) => notify.error(e.message) },
    );

  return (
    <div className="admin-form admin-product-form">
      <label className="admin-check">
        <input
          type="checkbox"
          role="switch"
          checked={product.is_published}
          disabled={!canEdit || publish.isPending}
          onChange={(e) => {
            const is_published = e.target.checked;
            publish.mutate(
              { id: product.id, is_published },
              {
                onSuccess: () =>
                  notify.success(is_published ? 'Товар опубликован' : 'Товар скрыт из магазина'),
                onError: (error) => notify.error(error.message),
              },
            );
          }}
        />
        Опубликован
      </label>
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
          <Button size="small" disabled={!changed || !title.trim()} loading={patch.isPending} onClick={save}>
            Сохранить
          </Button>
        </div>
      )}
      {!product.is_published && (
        <p className="admin-muted">Товар скрыт: покупатели его не видят. Варианты — после публикации.</p>
      )}
      {shop.isError && <p className="admin-error">{shop.error.message}</p>}
      {shop.data && (
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
            {shop.data.variants.map((v) => (
              <VariantRow key={v.id} variant={v} canEdit={canEdit} />
            ))}
          </tbody>
        </table>
      )}
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
          onChange={(e) => setPrice(keepFiltered(e.currentTarget, (v) => v.replace(/\D/g, '')))}
        />
      </td>
      <td>
        <input
          className="admin-input admin-input--num"
          inputMode="numeric"
          aria-label={`Остаток: ${label}`}
          value={qty}
          disabled={!canEdit}
          onChange={(e) => setQty(keepFiltered(e.currentTarget, (v) => v.replace(/\D/g, '')))}
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
