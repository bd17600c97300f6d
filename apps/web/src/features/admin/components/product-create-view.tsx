// A product made in the console (docs/product.md §12.6): title, description, category, brand (picked
// from the shop's as typed, or a new one), who it is for and its variants (colour, size, price, stock, SKU); once created, pictures from the phone
// (each re-encoded by the server, EXIF removed), put in order by dragging (or ↑ ↓), then
// `Опубликовать` puts it on sale. Until then shoppers do not see it.
import './console-pages.css';
import type { AdminCreatedProduct, CategoryNode } from '@shop/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { usePatchProduct } from '../api/catalog-admin.ts';
import {
  useCategoryTree,
  useCreateProduct,
  useOrderPictures,
  useUploadPicture,
} from '../api/products-create.ts';
import { BrandPicker, type BrandChoice } from './brand-picker.tsx';

type VariantDraft = { color: string; size: string; price: string; qty: string; sku: string };
const emptyVariant = (): VariantDraft => ({ color: '', size: '', price: '', qty: '', sku: '' });

/** Every category with its path («Обувь / Кеды»), depth first. */
const flatten = (nodes: readonly CategoryNode[], prefix = ''): { id: number; label: string }[] =>
  nodes.flatMap((n) => [
    { id: n.id, label: `${prefix}${n.name}` },
    ...flatten(n.children, `${prefix}${n.name} / `),
  ]);

const FIT = [
  { value: 'unisex', label: 'Для всех' },
  { value: 'men', label: 'Мужское' },
  { value: 'women', label: 'Женское' },
  { value: 'kids', label: 'Детское' },
] as const;

function Pictures({
  product,
  onChange,
}: {
  product: AdminCreatedProduct;
  onChange: (p: AdminCreatedProduct) => void;
}) {
  const upload = useUploadPicture();
  const order = useOrderPictures();
  const [dragged, setDragged] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      for (const file of Array.from(files)) {
        onChange(await upload.mutateAsync({ productId: product.id, file }));
      }
    } catch {
      // The query client has toasted it (the mutation's meta); the rest of the files wait.
    } finally {
      setBusy(false);
    }
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= product.images.length || from === to) return;
    const images = [...product.images];
    const [src] = images.splice(from, 1);
    images.splice(to, 0, src!);
    onChange({ ...product, images });
    order.mutate({ productId: product.id, images }, { onSuccess: onChange });
  };

  return (
    <div className="admin-card">
      <h3 className="admin-card__title">Картинки</h3>
      {product.images.length === 0 && <p className="admin-muted">Первая картинка — на карточке товара.</p>}
      <ol className="admin-pictures" aria-label="Картинки товара">
        {product.images.map((src, i) => (
          <li
            key={src}
            className={`admin-picture${dragged === i ? ' admin-picture--dragged' : ''}`}
            draggable
            onDragStart={() => setDragged(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragged !== null) move(dragged, i);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            data-src={src}
          >
            <img src={imageUrl(src, { width: 160 })} alt={`Картинка ${i + 1}`} width={80} height={80} />
            <span className="admin-picture__moves">
              <button
                type="button"
                aria-label={`Картинку ${i + 1} раньше`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Картинку ${i + 1} позже`}
                disabled={i === product.images.length - 1}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      <label className="admin-upload">
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-label="Добавить картинки"
          disabled={busy}
          onChange={(e) => {
            void addFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <span>{busy ? 'Загружаем…' : 'Добавить картинки'}</span>
      </label>
    </div>
  );
}

/** The product just created: its pictures, then «Опубликовать». */
function CreatedProduct({
  product,
  onChange,
}: {
  product: AdminCreatedProduct;
  onChange: (p: AdminCreatedProduct) => void;
}) {
  const publish = usePatchProduct();
  return (
    <section className="admin-product-create">
      <h2 className="admin-order__title">{product.title}</h2>
      <p className="admin-muted">
        {product.brand ? `${product.brand} · ` : ''}
        {product.is_published ? 'В продаже' : 'Скрыт от покупателей'} · {product.variants.length} вар.
      </p>
      <Pictures product={product} onChange={onChange} />
      {publish.isError && (
        <p className="admin-error" role="alert">
          {publish.error.message}
        </p>
      )}
      {!product.is_published && (
        <Button
          size="medium"
          fullWidth
          loading={publish.isPending}
          onClick={() =>
            publish.mutate(
              { id: product.id, is_published: true },
              {
                onSuccess: () => {
                  onChange({ ...product, is_published: true });
                  notify.success('Товар в продаже');
                },
              },
            )
          }
        >
          Опубликовать
        </Button>
      )}
    </section>
  );
}

/** The variants' rows: colour, size, price, stock and SKU each; «Добавить вариант». */
function VariantsFieldset({
  variants,
  onChange,
}: {
  variants: VariantDraft[];
  onChange: (update: (vs: VariantDraft[]) => VariantDraft[]) => void;
}) {
  const setVariant = (i: number, patch: Partial<VariantDraft>) =>
    onChange((vs) => vs.map((v, k) => (k === i ? { ...v, ...patch } : v)));
  const setVariants = onChange;
  return (
    <fieldset className="admin-card admin-new-variants">
      <legend className="admin-card__title">Варианты</legend>
      {variants.map((v, i) => (
        <div key={i} className="admin-new-variant" role="group" aria-label={`Вариант ${i + 1}`}>
          <input
            className="admin-input"
            placeholder="Цвет"
            aria-label="Цвет"
            value={v.color}
            onChange={(e) => setVariant(i, { color: e.target.value })}
          />
          <input
            className="admin-input"
            placeholder="Размер"
            aria-label="Размер"
            value={v.size}
            onChange={(e) => setVariant(i, { size: e.target.value })}
          />
          <input
            className="admin-input"
            placeholder="Цена, ₽"
            aria-label="Цена"
            inputMode="numeric"
            required
            value={v.price}
            onChange={(e) => setVariant(i, { price: e.target.value.replace(/\D/g, '') })}
          />
          <input
            className="admin-input"
            placeholder="Остаток"
            aria-label="Остаток"
            inputMode="numeric"
            required
            value={v.qty}
            onChange={(e) => setVariant(i, { qty: e.target.value.replace(/\D/g, '') })}
          />
          <input
            className="admin-input"
            placeholder="Артикул"
            aria-label="Артикул"
            required
            value={v.sku}
            onChange={(e) => setVariant(i, { sku: e.target.value })}
          />
          {variants.length > 1 && (
            <button
              type="button"
              className="admin-link-button"
              onClick={() => setVariants((vs) => vs.filter((_, k) => k !== i))}
            >
              Убрать
            </button>
          )}
        </div>
      ))}
      <button
        type="button"
        className="admin-link-button"
        onClick={() => setVariants((vs) => [...vs, emptyVariant()])}
      >
        Добавить вариант
      </button>
    </fieldset>
  );
}

export function ProductCreateView() {
  const tree = useCategoryTree();
  const create = useCreateProduct();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState<BrandChoice>(null);
  const [fit, setFit] = useState<(typeof FIT)[number]['value']>('unisex');
  const [variants, setVariants] = useState<VariantDraft[]>([emptyVariant()]);
  const [product, setProduct] = useState<AdminCreatedProduct | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        title,
        description,
        category_ids: category ? [Number(category)] : [],
        ...(brand?.id !== undefined ? { brand_id: brand.id } : brand ? { brand_name: brand.name } : {}),
        fit_people: fit,
        is_published: false,
        variants: variants.map((v) => ({
          sku: v.sku,
          price: Number(v.price),
          qty: Number(v.qty),
          ...(v.color.trim() ? { color: v.color } : {}),
          ...(v.size.trim() ? { size: v.size } : {}),
        })),
      },
      {
        onSuccess: (p) => {
          setProduct(p);
          notify.success('Товар создан. Добавьте картинки и опубликуйте');
        },
      },
    );
  };

  if (product) return <CreatedProduct product={product} onChange={setProduct} />;

  return (
    <form className="admin-product-create admin-form" onSubmit={submit}>
      <label className="admin-field">
        <span>Название</span>
        <input
          className="admin-input"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          maxLength={300}
        />
      </label>
      <label className="admin-field">
        <span>Описание</span>
        <textarea
          className="admin-input"
          rows={4}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <label className="admin-field">
        <span>Категория</span>
        <select
          className="admin-select"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          required
        >
          <option value="">{tree.isPending ? 'Загрузка…' : 'Выберите категорию'}</option>
          {flatten(tree.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <BrandPicker value={brand} onChange={setBrand} />
      <label className="admin-field">
        <span>Для кого</span>
        <select className="admin-select" value={fit} onChange={(e) => setFit(e.target.value as typeof fit)}>
          {FIT.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <VariantsFieldset variants={variants} onChange={setVariants} />
      <Button type="submit" size="medium" fullWidth loading={create.isPending}>
        Создать товар
      </Button>
    </form>
  );
}
