// The console's catalogue (docs/product.md §12.2): products published and hidden («Скрытые»), found by
// title, SPU, id or SKU; per product the title, brand, description and publication (hiding asks first),
// and the price and stock of each variant: a price edit never sends stock, stock moves by «+5»/«−2»
// or is set at the version the editor read (409 «Остаток изменился»), a price drop of more than
// 30 % or any price change by a manager asks first, and the last change can be undone.
import {
  PRICE_DROP_CONFIRM_SHARE,
  roleCan,
  type AdminProductDetail,
  type AdminProductPatchBody,
  type AdminVariant,
  type AdminVariantPatchBody,
} from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { formatPrice } from '../../../lib/price.ts';
import {
  adminProductMetaQueryOptions,
  adminProductSearchQueryOptions,
  usePatchProduct,
  usePatchVariant,
  useUndoVariant,
} from '../api/catalog-admin.ts';
import { useStaffRole } from '../use-staff-role.ts';
import { BrandPicker, type BrandChoice } from './brand-picker.tsx';
import { keepFiltered } from '../../../lib/filtered-input.ts';

export function CatalogView() {
  const [search, setSearch] = useState('');
  const [hiddenOnly, setHiddenOnly] = useState(false);
  const deferred = useDeferredValue(search);
  const [openId, setOpenId] = useState<number | null>(null);
  const results = useQuery(adminProductSearchQueryOptions(deferred, hiddenOnly));

  return (
    <section className="admin-catalog">
      <SearchInput
        value={search}
        onValueChange={setSearch}
        placeholder="Название, артикул, SKU или номер"
        aria-label="Поиск товаров"
      />
      <label className="admin-check">
        <input type="checkbox" checked={hiddenOnly} onChange={(e) => setHiddenOnly(e.target.checked)} />
        Скрытые
      </label>
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
                  {p.spu}
                  {p.min_price === null ? '' : ` · от ${formatPrice(p.min_price)}`}
                  {p.qty > 0 ? '' : ' · нет в наличии'}
                  {p.is_published ? '' : ' · скрыт'}
                </span>
              </span>
            </button>
            {openId === p.id && <ProductEditor id={p.id} />}
          </li>
        ))}
        {results.data?.length === 0 && <li className="admin-empty">Ничего не найдено</li>}
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

/**
 * What the form's brand asks the patch to change: nothing when it names the product's brand still
 * (picked, or typed in any case), `brand_id` for another of the shop's or none, `brand_name` for
 * one typed that the shop may not have (the server finds it in any case, else makes it).
 */
export function brandPatch(
  was: AdminProductDetail['brand'],
  choice: BrandChoice,
): Pick<AdminProductPatchBody, 'brand_id' | 'brand_name'> {
  if (choice === null) return was === null ? {} : { brand_id: null };
  if (choice.id !== undefined) return choice.id === was?.id ? {} : { brand_id: choice.id };
  return choice.name.toLowerCase() === was?.name.toLowerCase() ? {} : { brand_name: choice.name };
}

function ProductForm({ product }: { product: AdminProductDetail }) {
  const role = useStaffRole();
  const canEdit = roleCan(role, 'operate');
  const [title, setTitle] = useState(product.title);
  const [description, setDescription] = useState(product.description);
  const [brand, setBrand] = useState<BrandChoice>(product.brand);
  const patch = usePatchProduct('Не удалось сохранить товар');
  const publish = usePatchProduct('Не удалось сохранить товар');
  const brandChange = brandPatch(product.brand, brand);
  const changed =
    title.trim() !== product.title ||
    description !== product.description ||
    Object.keys(brandChange).length > 0;

  const save = () =>
    patch.mutate(
      { id: product.id, title: title.trim(), description, ...brandChange },
      { onSuccess: () => notify.success('Товар сохранён') },
    );

  const setPublished = async (is_published: boolean) => {
    if (!is_published) {
      const ok = await confirm({
        title: 'Скрыть товар?',
        message: `«${product.title}» пропадёт из магазина и поиска. В консоли он останется в списке «Скрытые».`,
        confirmText: 'Скрыть',
        cancelText: 'Отмена',
        destructive: true,
      });
      if (!ok) return;
    }
    publish.mutate(
      { id: product.id, is_published },
      { onSuccess: () => notify.success(is_published ? 'Товар опубликован' : 'Товар скрыт из магазина') },
    );
  };

  return (
    <div className="admin-form admin-product-form">
      <label className="admin-check">
        <input
          type="checkbox"
          role="switch"
          checked={product.is_published}
          disabled={!canEdit || publish.isPending}
          onChange={(e) => void setPublished(e.target.checked)}
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
      {canEdit ? (
        <BrandPicker value={brand} onChange={setBrand} newBrandNote="появится, когда вы сохраните товар" />
      ) : (
        <p className="admin-field">
          <span>Бренд</span>
          <span>{product.brand?.name ?? 'без бренда'}</span>
        </p>
      )}
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
      {!product.is_published && <p className="admin-muted">Товар скрыт: покупатели его не видят.</p>}
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
            <VariantRow
              key={`${v.id}-${v.version}-${v.price}`}
              productTitle={product.title}
              variant={v}
              canEdit={canEdit}
              isManager={role === 'manager'}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Asks before a price change that may be a typo: a drop of more than 30 %, or any change by a manager. */
async function confirmPrice(
  name: string,
  before: number,
  after: number,
  isManager: boolean,
): Promise<boolean> {
  const bigDrop = after < before * (1 - PRICE_DROP_CONFIRM_SHARE);
  if (!bigDrop && !isManager) return true;
  return confirm({
    title: bigDrop ? 'Цена снижается больше чем на 30 %' : 'Изменить цену?',
    message: `«${name}»: ${formatPrice(before)} → ${formatPrice(after)}. Покупатели сразу увидят новую цену.`,
    confirmText: 'Изменить цену',
    cancelText: 'Отмена',
    destructive: bigDrop,
  });
}

function VariantRow({
  productTitle,
  variant,
  canEdit,
  isManager,
}: {
  productTitle: string;
  variant: AdminVariant;
  canEdit: boolean;
  isManager: boolean;
}) {
  const [price, setPrice] = useState(String(variant.price));
  const [qty, setQty] = useState(String(variant.qty));
  const patch = usePatchVariant();
  const undo = useUndoVariant();
  const priceChanged = price !== '' && Number(price) !== variant.price;
  const qtyChanged = qty !== '' && Number(qty) !== variant.qty;
  const label =
    [variant.color, variant.size].filter(Boolean).join(' · ') || variant.title || `№${variant.id}`;

  const save = async () => {
    // Only what changed is sent: a price never carries stock; a stock set carries the version read.
    const body: AdminVariantPatchBody = {
      ...(priceChanged ? { price: Number(price) } : {}),
      ...(qtyChanged ? { qty: Number(qty), version: variant.version } : {}),
    };
    if (
      body.price !== undefined &&
      !(await confirmPrice(`${productTitle} · ${label}`, variant.price, body.price, isManager))
    )
      return;
    patch.mutate({ id: variant.id, ...body }, { onSuccess: () => notify.success('Вариант сохранён') });
  };

  const move = (delta: number) =>
    patch.mutate(
      { id: variant.id, qty_delta: delta },
      { onSuccess: () => notify.success('Остаток изменён') },
    );

  return (
    <tr>
      <td>{label}</td>
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
          <span className="admin-actions">
            <Button
              size="small"
              variant="light-primary"
              disabled={!priceChanged && !qtyChanged}
              loading={patch.isPending}
              onClick={() => void save()}
            >
              ОК
            </Button>
            <Button
              size="small"
              variant="light-primary"
              aria-label={`Остаток +1: ${label}`}
              onClick={() => move(1)}
            >
              +1
            </Button>
            <Button
              size="small"
              variant="light-primary"
              aria-label={`Остаток −1: ${label}`}
              disabled={variant.qty === 0}
              onClick={() => move(-1)}
            >
              −1
            </Button>
            <Button
              size="small"
              variant="light-primary"
              aria-label={`Отменить последнее изменение: ${label}`}
              loading={undo.isPending}
              onClick={() =>
                undo.mutate({ id: variant.id }, { onSuccess: () => notify.success('Изменение отменено') })
              }
            >
              Отменить
            </Button>
          </span>
        )}
      </td>
    </tr>
  );
}
