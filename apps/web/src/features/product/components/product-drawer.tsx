// The product drawer: a full-screen sheet for the product in `?id=`, arranging the gallery, the
// colour and size pickers, the specs, sharing and similar products. The cart buttons and the
// heart come from the composing module, because features never import each other.
import type { Product } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { afterPaint } from '../../../lib/after-paint.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { dropPaintedDrawer } from '../../../lib/first-paint.ts';
import { lazyLayer, useTouchOf } from '../../../lib/lazy-layer.tsx';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { shareProduct } from '../../../telegram/links.ts';
import { productQueryOptions } from '../api/get-product.ts';
import {
  chooseColor,
  chooseVariant,
  displayedPrice,
  galleryFor,
  initialSelection,
  sizeTiles,
  type Selection,
} from '../variant-selection.ts';
import { ColorPicker } from './color-picker.tsx';
import { Gallery } from './gallery.tsx';
import { ProductSpecs } from './product-specs.tsx';
import { RestockNotice } from './restock-notice.tsx';
import { SizePicker } from './size-picker.tsx';
import './product-drawer.css';
import { SimilarProducts } from './similar-products.tsx';

// Lazy layers, not `React.lazy` under `<Suspense>` (no ≥ 300 ms hold on the first opening,
// docs/decisions/032); their code loads on the touch of a picture or of the size-chart link.
const ImageLightbox = lazyLayer(() => import('../../../components/ui/image-lightbox.tsx'));
const SizeChartDrawer = lazyLayer(() => import('../../../components/ui/size-chart-drawer.tsx'));

const GALLERY_IMAGES = 10;
const LIGHTBOX_HEIGHT = 1200;

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
  /** Under the price: when it would arrive at the shopper's default point (the delivery feature). */
  renderDelivery?: (product: Product) => ReactNode;
  /** Opened by the page's address: the sheet is there at once, no slide (decision 064). */
  atRest?: boolean;
};

export default function ProductDrawer({
  productId,
  open,
  onOpenChange,
  renderHeart,
  renderActions,
  renderDelivery,
  atRest = false,
}: Props) {
  const product = useQuery(productQueryOptions(productId));
  const title = product.data?.title ?? 'Товар';
  const body = useRef<HTMLDivElement>(null);
  // The sheet, its title and the skeleton paint in the tap's own frame; the product's body (the
  // gallery's carousel, which measures its slides with a forced layout, the pickers, similar
  // products, the cart buttons) mounts after that paint. The sheet is then still at the start of its
  // slide-in, so the skeleton is not seen even when the product's answer is already in the cache.
  // "After that paint" is counted from the commit (layout effects), not from a passive effect,
  // which may run only after a frame and would put the body, and the marks below, a frame later.
  const [framed, setFramed] = useState(false);
  useLayoutEffect(() => afterPaint(() => startTransition(() => setFramed(true))), []);

  useLayoutEffect(() => {
    if (!open) return;
    // The tap-to-visible measure (docs/benchmarks.md): marks after the sheet's first paint and
    // after the product content's (a task queued from the frame callback runs after that paint).
    afterPaint(() => performance.mark('product-drawer-visible'));
  }, [open, productId]);
  useLayoutEffect(() => {
    if (open && product.data && framed) afterPaint(() => performance.mark('product-drawer-content'));
  }, [open, product.data, framed]);
  // Focus goes into the sheet after its first paint, while the layout is clean. Left on the page,
  // it went there anyway when the skeleton was removed (Radix's FocusScope, seeing a removal with
  // nothing focused, focuses the dialog), inside the commit that mounts the product's body: that
  // focus laid out the whole new body in the commit's task (docs/decisions/083). The same element,
  // the same rule (only when nothing has focus), a frame sooner.
  useLayoutEffect(() => {
    if (!open) return;
    return afterPaint(() => {
      const sheet = body.current?.closest<HTMLElement>('[role="dialog"]');
      const active = document.activeElement;
      if (sheet && (active === null || active === document.body)) sheet.focus({ preventScroll: true });
    });
  }, [open, productId]);
  useEffect(() => {
    body.current?.closest('.drawer__body')?.scrollTo({ top: 0 });
  }, [productId]);
  // The sheet the server's HTML painted for a product's address (decision 064) lies over this one,
  // both at rest in the same place: it goes in the commit that puts the product (or its error) here,
  // not while this sheet still shows the skeleton.
  const shown = framed && !product.isPending;
  useLayoutEffect(() => {
    if (shown || !open) dropPaintedDrawer();
  }, [shown, open]);

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      variant="full"
      title={title}
      hideTitle
      className="product-sheet"
      atRest={atRest}
    >
      <div className="product-drawer" data-product-id={productId} ref={body}>
        {(product.isPending || (product.data && !framed)) && <ProductSkeleton />}
        {product.isError && (
          <LoadError
            title="Не удалось загрузить товар"
            error={product.error}
            notFound="Товар не найден"
            onRetry={product.refetch}
            retrying={product.isFetching}
          />
        )}
        {product.data && framed && (
          // Keyed by product: closing or switching resets the chosen colour and size (docs/product.md §4).
          <ProductBody
            key={product.data.id}
            product={product.data}
            title={title}
            heart={renderHeart?.(product.data.id)}
            renderActions={renderActions}
            delivery={renderDelivery?.(product.data)}
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
  delivery,
  onLeave,
}: {
  product: Product;
  title: string;
  heart: ReactNode;
  renderActions: Props['renderActions'];
  delivery: ReactNode;
  onLeave: () => void;
}) {
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product));
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const [sizeChartOpen, setSizeChartOpen] = useState(false);
  useTouchOf('.gallery__slide', ImageLightbox.preload);
  useTouchOf('.product-drawer__size-chart', SizeChartDrawer.preload);
  const [needSize, setNeedSize] = useState(false);
  const sizes = useRef<HTMLElement>(null);
  // Each time the cart buttons need a size, the picker scrolls into view.
  const [pointAtSizes, setPointAtSizes] = useState(0);
  useEffect(() => {
    if (pointAtSizes > 0) sizes.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [pointAtSizes]);

  const images = galleryFor(product, selection.color, GALLERY_IMAGES);
  const { price, from } = displayedPrice(product, selection);
  const available = product.variants.some((v) => v.qty > 0);
  const tiles = sizeTiles(product, selection);
  // «Сообщить о поступлении»: the shown colour's sold-out sizes, or a sold-out variant without sizes.
  const soldOut = (
    tiles.length > 0 ? tiles : product.variants.filter((v) => !selection.color || v.color === selection.color)
  ).filter((v) => v.qty === 0);

  const slides = images.flatMap((src) => {
    try {
      return [{ src: imageUrl(src, { height: LIGHTBOX_HEIGHT }), alt: title }];
    } catch {
      return [];
    }
  });

  return (
    <>
      <Gallery images={images} title={title} onOpen={setLightboxIndex} heart={heart} />

      <div className="product-drawer__head">
        <p className="product-drawer__price" data-testid="product-price">
          {from && <span className="product-drawer__from">от </span>}
          {formatPrice(price)}
        </p>
        {product.brand && <p className="product-drawer__brand">{product.brand.name}</p>}
        <h2 className="product-drawer__title">{title}</h2>
        {/* A line kept for the delivery dates, which come after the sheet has painted (the shopper's
            saved address, then the carrier's quote): filled, it moves nothing below it. */}
        {delivery !== undefined && <div className="product-drawer__delivery">{delivery}</div>}
      </div>

      <ColorPicker
        product={product}
        color={selection.color}
        onChoose={(color) => {
          setNeedSize(false);
          setSelection((s) => chooseColor(product, s, color));
        }}
      />
      <SizePicker
        ref={sizes}
        tiles={tiles}
        variantId={selection.variantId}
        needSize={needSize}
        onSizeChart={product.size_table ? () => setSizeChartOpen(true) : null}
        onChoose={(variantId) => {
          setNeedSize(false);
          setSelection((s) => chooseVariant(product, s, variantId));
        }}
      />
      {renderActions && <RestockNotice productId={product.id} soldOut={soldOut} />}
      <ProductSpecs product={product} />

      <button
        type="button"
        className="product-drawer__share"
        onClick={() => {
          haptic.impact();
          void shareProduct(product.id, product.title);
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
              setPointAtSizes((n) => n + 1);
            },
            onLeave,
          })}
        </div>
      )}

      {lightboxIndex !== null && (
        <ImageLightbox open index={lightboxIndex} onClose={() => setLightboxIndex(null)} slides={slides} />
      )}
      {sizeChartOpen && product.size_table && (
        <SizeChartDrawer open onOpenChange={setSizeChartOpen} table={product.size_table} />
      )}
    </>
  );
}
