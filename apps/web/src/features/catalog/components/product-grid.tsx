// The catalogue grid shared by catalog/{id} and search: two columns of cards, the next page
// loaded by cursor when the end of the list comes near, skeletons while loading, an empty state.
import type { ProductCard as Card } from '@shop/contract';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { useProgressiveCount } from '../../../lib/use-progressive-count.ts';
import { useProductsInfinite, type ProductListParams } from '../api/get-products.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import './product-grid.css';
import '../../../components/ui/card-grid.css';

/** Cards drawn with the grid's first render (the first screen shows four), then more per task. */
const FIRST_CARDS = 4;
const CARDS_PER_STEP = 1;

type Props = {
  params: ProductListParams;
  renderHeart?: (product: Card) => ReactNode;
  empty: ReactNode;
};

export function ProductGrid({ params, renderHeart, empty }: Props) {
  const query = useProductsInfinite(params);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const products = query.data?.pages.flatMap((p) => p.products) ?? [];
  const shown = useProgressiveCount(products.length, FIRST_CARDS, CARDS_PER_STEP);
  const allShown = shown === products.length;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || !allShown) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, allShown]);

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
  if (products.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="card-grid product-grid" aria-label="Товары" aria-busy={isFetchingNextPage}>
        {products.slice(0, shown).map((product, i) => (
          <GridItem key={product.id} product={product} eager={i < 4} renderHeart={renderHeart} />
        ))}
      </ul>
      {isFetchingNextPage && <ProductGridSkeleton count={2} />}
      {/* The next page is asked for once this one is all drawn. */}
      {allShown && <div ref={sentinel} className="product-grid__sentinel" aria-hidden="true" />}
    </>
  );
}

/**
 * A card in the grid, redrawn only when its product changes: the page above redraws when the
 * category tree, the facets or the filters arrive, and the cards need not.
 */
const GridItem = memo(function GridItem({
  product,
  eager,
  renderHeart,
}: {
  product: Card;
  eager: boolean;
  renderHeart?: (product: Card) => ReactNode;
}) {
  return (
    <li>
      <ProductCard product={product} eager={eager} heart={renderHeart?.(product)} />
    </li>
  );
});

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className="card-grid product-grid" aria-label="Загрузка" role="status">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
