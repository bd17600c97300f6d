// The product drawer's mechanism (spec §2): a full-screen sheet for the product in `?id=`. The
// body is minimal (title, first image, price); the product issue replaces it.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { imageUrl } from '../../../lib/image-url.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { shareProduct } from '../../../telegram/links.ts';
import { productQueryOptions } from '../api/get-product.ts';
import './product-drawer.css';

const ImageLightbox = lazy(() => import('../../../components/ui/image-lightbox.tsx'));

const formatPrice = (price: number) => `${new Intl.NumberFormat('ru-RU').format(price)} ₽`;

type Props = { productId: number; open: boolean; onOpenChange: (open: boolean) => void };

export default function ProductDrawer({ productId, open, onOpenChange }: Props) {
  const product = useQuery(productQueryOptions(productId));
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const first = product.data?.images[0]?.src;
  const title = product.data?.title ?? 'Товар';

  return (
    <Drawer open={open} onOpenChange={onOpenChange} variant="full" title={title} hideTitle>
      <div className="product-drawer" data-product-id={productId}>
        {product.isPending && <div className="product-drawer__skeleton" aria-label="Загрузка" />}
        {product.isError && <p className="product-drawer__error">Не удалось загрузить товар</p>}
        {product.data && (
          <>
            <button
              type="button"
              className="product-drawer__image"
              onClick={() => first && setLightboxOpen(true)}
            >
              <ProductImage src={first} size={{ width: 600 }} alt={title} />
            </button>
            <h2 className="product-drawer__title">{product.data.title}</h2>
            {product.data.price != null && (
              <p className="product-drawer__price">{formatPrice(product.data.price)}</p>
            )}
            <button
              type="button"
              className="product-drawer__share"
              onClick={() => {
                haptic.impact();
                shareProduct(productId, product.data.title);
              }}
            >
              Поделиться
            </button>
          </>
        )}
      </div>
      {lightboxOpen && product.data && (
        <Suspense fallback={null}>
          <ImageLightbox
            open
            onClose={() => setLightboxOpen(false)}
            slides={product.data.images.slice(0, 10).flatMap((image) => {
              try {
                return [{ src: imageUrl(image.src, { height: 1200 }), alt: title }];
              } catch {
                return [];
              }
            })}
          />
        </Suspense>
      )}
    </Drawer>
  );
}
