// The product drawer (spec §2–§5, §8, §9): a full-screen sheet for the product in `?id=`. The
// gallery (first 10 pictures, width 600, 4 loaded ahead) opens the lightbox (height 1200); colour
// thumbnails; the size picker by the rule of categories 17, 8, 374; qty-0 variants disabled;
// price following the chosen variant; the cart buttons and the heart come from the composing
// module (features never import each other); size chart, description, characteristics,
// similar products, share.
import type { Product } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import useEmblaCarousel from 'embla-carousel-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { imageUrl } from '../../../lib/image-url.ts';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { shareProduct } from '../../../telegram/links.ts';
import { productQueryOptions } from '../api/get-product.ts';
import { hasImage, SafeHtml } from '../safe-html.tsx';
import {
  chooseColor,
  chooseVariant,
  colorsOf,
  displayedPrice,
  initialSelection,
  showSizePicker,
  sizeLabel,
  variantsForColor,
  type Selection,
} from '../variant-selection.ts';
import './product-drawer.css';
import { SimilarProducts } from './similar-products.tsx';

const ImageLightbox = lazy(() => import('../../../components/ui/image-lightbox.tsx'));
const SizeChartDrawer = lazy(() => import('../../../components/ui/size-chart-drawer.tsx'));

export const GALLERY_IMAGES = 10;
export const GALLERY_WIDTH = 600;
export const LIGHTBOX_HEIGHT = 1200;
export const PRELOAD_AHEAD = 4;
export const COLOR_THUMB_PX = 80;

const afterPaint = (run: () => void) => requestAnimationFrame(() => setTimeout(run, 0));

export type ProductActionsContext = {
  product: Product;
  variantId: number | null;
  available: boolean;
  onNeedVariant: () => void;
  /** Closes the drawer (before going elsewhere). */
  onLeave: () => void;
};

type Props = {
  productId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  renderHeart?: (productId: number) => ReactNode;
  renderActions?: (context: ProductActionsContext) => ReactNode;
};

export default function ProductDrawer({ productId, open, onOpenChange, renderHeart, renderActions }: Props) {
  const product = useQuery(productQueryOptions(productId));
  const title = product.data?.title ?? 'Товар';
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // The tap-to-visible measure (docs/benchmarks.md): marks after the sheet's first paint and
    // after the product content's (a task queued from the frame callback runs after that paint).
    afterPaint(() => performance.mark('product-drawer-visible'));
  }, [open, productId]);
  useEffect(() => {
    if (open && product.data) afterPaint(() => performance.mark('product-drawer-content'));
  }, [open, product.data]);
  useEffect(() => {
    body.current?.closest('.drawer__body')?.scrollTo({ top: 0 });
  }, [productId]);

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      variant="full"
      title={title}
      hideTitle
      className="product-sheet"
    >
      <div className="product-drawer" data-product-id={productId} ref={body}>
        {product.isPending && <ProductSkeleton />}
        {product.isError && (
          <LoadError
            title="Не удалось загрузить товар"
            onRetry={product.refetch}
            retrying={product.isFetching}
          />
        )}
        {product.data && (
          // Keyed by product: closing or switching resets the chosen colour and size (spec §4).
          <ProductBody
            key={product.data.id}
            product={product.data}
            title={title}
            heart={renderHeart?.(product.data.id)}
            renderActions={renderActions}
            onLeave={() => onOpenChange(false)}
          />
        )}
      </div>
    </Drawer>
  );
}

function ProductSkeleton() {
  return (
    <div className="product-drawer__loading" role="status" aria-label="Загрузка">
      <div className="skeleton product-drawer__gallery-skeleton" />
      <div className="skeleton skeleton--line" style={{ width: '35%', height: 24 }} />
      <div className="skeleton skeleton--line" style={{ width: '80%' }} />
      <div className="skeleton skeleton--line" style={{ width: '60%' }} />
    </div>
  );
}

function ProductBody({
  product,
  title,
  heart,
  renderActions,
  onLeave,
}: {
  product: Product;
  title: string;
  heart: ReactNode;
  renderActions: Props['renderActions'];
  onLeave: () => void;
}) {
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product));
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const [sizeChartOpen, setSizeChartOpen] = useState(false);
  const [needSize, setNeedSize] = useState(false);

  const colors = colorsOf(product);
  const images = product.images.slice(0, GALLERY_IMAGES);
  const { price, from } = displayedPrice(product, selection);
  const sizeVariants = variantsForColor(product, selection.color);
  const pickerShown = showSizePicker(product, selection);
  const available = product.variants.some((v) => v.qty > 0);
  const description = product.description.trim();
  const showDescription = description !== '' && !hasImage(description);

  const slides = images.flatMap((image) => {
    try {
      return [{ src: imageUrl(image.src, { height: LIGHTBOX_HEIGHT }), alt: title }];
    } catch {
      return [];
    }
  });

  return (
    <>
      <Gallery
        images={images.map((i) => i.src)}
        title={title}
        onOpen={(i) => setLightboxIndex(i)}
        heart={heart}
      />

      <div className="product-drawer__head">
        <p className="product-drawer__price" data-testid="product-price">
          {from && <span className="product-drawer__from">от </span>}
          {formatPrice(price)}
        </p>
        {product.brand && <p className="product-drawer__brand">{product.brand.name}</p>}
        <h2 className="product-drawer__title">{title}</h2>
      </div>

      {colors.length > 0 && (
        <section className="product-drawer__section" aria-label="Цвет">
          <h3 className="product-drawer__label">
            Цвет: <span>{selection.color ?? 'не выбран'}</span>
          </h3>
          <div className="color-thumbs" role="radiogroup" aria-label="Цвет">
            {colors.map((color) => {
              const variants = variantsForColor(product, color);
              const soldOut = variants.every((v) => v.qty === 0);
              const picture =
                variants.find((v) => v.image)?.image ??
                product.images.find((i) => variants.some((v) => v.img_id === i.id))?.src ??
                product.image_src;
              return (
                <button
                  key={color}
                  type="button"
                  role="radio"
                  aria-checked={selection.color === color}
                  aria-label={soldOut ? `${color}, нет в наличии` : color}
                  className={`color-thumb${selection.color === color ? ' color-thumb--selected' : ''}${soldOut ? ' color-thumb--sold-out' : ''}`}
                  onClick={() => {
                    haptic.selection();
                    setNeedSize(false);
                    setSelection((s) => chooseColor(product, s, color));
                  }}
                >
                  <ProductImage src={picture} size={{ height: COLOR_THUMB_PX }} alt="" loading="lazy" />
                  <span>{color}</span>
                </button>
              );
            })}
          </div>
        </section>
      )}

      {pickerShown && sizeVariants.length > 0 && (
        <section className="product-drawer__section product-drawer__sizes" aria-label="Размер">
          <div className="product-drawer__row">
            <h3 className="product-drawer__label">Размер</h3>
            {product.size_table && (
              <button
                type="button"
                className="product-drawer__size-chart"
                onClick={() => setSizeChartOpen(true)}
              >
                Размерная сетка
              </button>
            )}
          </div>
          <div className="size-grid" role="radiogroup" aria-label="Размер">
            {sizeVariants.map((v) => (
              <button
                key={v.id}
                type="button"
                role="radio"
                aria-checked={selection.variantId === v.id}
                disabled={v.qty === 0}
                aria-disabled={v.qty === 0}
                className={`size-option${selection.variantId === v.id ? ' size-option--selected' : ''}`}
                onClick={() => {
                  haptic.selection();
                  setNeedSize(false);
                  setSelection((s) => chooseVariant(product, s, v.id));
                }}
              >
                <span>{sizeLabel(v)}</span>
                <small>{v.qty === 0 ? 'нет' : formatPrice(v.price)}</small>
              </button>
            ))}
          </div>
          {needSize && (
            <p className="product-drawer__hint" role="alert">
              Выберите размер
            </p>
          )}
        </section>
      )}

      {showDescription && (
        <section className="product-drawer__section product-drawer__description" aria-label="Описание">
          <h3 className="product-drawer__label">Описание</h3>
          <SafeHtml html={description} />
        </section>
      )}

      {product.characteristics.length > 0 && (
        <section className="product-drawer__section" aria-label="Характеристики">
          <h3 className="product-drawer__label">Характеристики</h3>
          <dl className="product-drawer__specs">
            {product.characteristics.map((c) => (
              <div key={c.key}>
                <dt>{c.key}</dt>
                <dd>{c.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <button
        type="button"
        className="product-drawer__share"
        onClick={() => {
          haptic.impact();
          shareProduct(product.id, product.title);
        }}
      >
        Поделиться
      </button>

      <SimilarProducts productId={product.id} />

      {renderActions && (
        <div className="product-drawer__actions">
          {renderActions({
            product,
            variantId: selection.variantId,
            available,
            onNeedVariant: () => {
              setNeedSize(true);
              document
                .querySelector('.product-drawer__sizes')
                ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
            },
            onLeave,
          })}
        </div>
      )}

      {lightboxIndex !== null && (
        <Suspense fallback={null}>
          <ImageLightbox open index={lightboxIndex} onClose={() => setLightboxIndex(null)} slides={slides} />
        </Suspense>
      )}
      {sizeChartOpen && product.size_table && (
        <Suspense fallback={null}>
          <SizeChartDrawer open onOpenChange={setSizeChartOpen} table={product.size_table} />
        </Suspense>
      )}
    </>
  );
}

function Gallery({
  images,
  title,
  onOpen,
  heart,
}: {
  images: string[];
  title: string;
  onOpen: (index: number) => void;
  heart: ReactNode;
}) {
  const [emblaRef, embla] = useEmblaCarousel({ loop: false });
  const [index, setIndex] = useState(0);
  const [reach, setReach] = useState(PRELOAD_AHEAD);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      const i = embla.selectedScrollSnap();
      setIndex(i);
      setReach((r) => Math.max(r, i + PRELOAD_AHEAD));
    };
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const sources = images.length > 0 ? images : [null];
  return (
    <div className="gallery">
      <div className="gallery__viewport" ref={emblaRef}>
        <div className="gallery__track">
          {sources.map((src, i) => (
            <button
              key={`${src ?? 'none'}-${i}`}
              type="button"
              className="gallery__slide"
              aria-label={`Фото ${i + 1} из ${sources.length}`}
              onClick={() => src && onOpen(i)}
            >
              {/* The current picture and 4 ahead load; the rest wait until the shopper nears them. */}
              {i <= reach ? (
                <ProductImage src={src} size={{ width: GALLERY_WIDTH }} alt={i === 0 ? title : ''} />
              ) : (
                <span className="gallery__placeholder" />
              )}
            </button>
          ))}
        </div>
      </div>
      {sources.length > 1 && (
        <div className="gallery__counter" aria-hidden="true">
          {index + 1} / {sources.length}
        </div>
      )}
      {heart && <div className="gallery__heart">{heart}</div>}
    </div>
  );
}
