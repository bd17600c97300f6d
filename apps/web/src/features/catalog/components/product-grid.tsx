// The catalogue grid shared by catalog/{id} and search: two columns of cards, the next page
// loaded by cursor when the end of the list comes near, skeletons while loading, an empty state.
import type { ProductCard as Card } from '@shop/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { useProductsInfinite, type ProductListParams } from '../api/get-products.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import './product-grid.css';
import '../../../components/ui/card-grid.css';

type Props = {
  params: ProductListParams;
  renderHeart?: (product: Card) => ReactNode;
  empty: ReactNode;
};

export function ProductGrid({ params, renderHeart, empty }: Props) {
  const query = useProductsInfinite(params);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <ProductGridSkeleton count={6} />;
  if (query.isError) {
    return (
      <div className="empty-state" role="alert">
        <p className="empty-state__title">Не удалось загрузить товары</p>
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          Повторить
        </button>
      </div>
    );
  }
  const products = query.data.pages.flatMap((p) => p.products);
  if (products.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="card-grid product-grid" aria-label="Товары" aria-busy={isFetchingNextPage}>
        {products.map((product, i) => (
          <li key={product.id}>
            <ProductCard product={product} eager={i < 4} heart={renderHeart?.(product)} />
          </li>
        ))}
      </ul>
      {isFetchingNextPage && <ProductGridSkeleton count={2} />}
      <div ref={sentinel} className="product-grid__sentinel" aria-hidden="true" />
    </>
  );
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className="card-grid product-grid" aria-label="Загрузка" role="status">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
