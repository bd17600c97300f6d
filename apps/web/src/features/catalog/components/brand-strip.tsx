// Home: the brands with the most products, leading to their search results.
import { Link } from 'react-router';
import { useProductFilters } from '../api/get-product-filters.ts';
import './brand-strip.css';
import { paths } from '../../../lib/paths.ts';

const BRANDS_SHOWN = 12;
const NO_FILTERS = {};

export function BrandStrip() {
  const facets = useProductFilters(NO_FILTERS);
  const brands = facets.data?.brands.slice(0, BRANDS_SHOWN);
  if (facets.isSuccess && brands?.length === 0) return null;
  return (
    <section aria-label="Бренды">
      <div className="section-head">
        <h2 className="section-title">Бренды</h2>
      </div>
      <ul className="brand-strip">
        {facets.isPending &&
          Array.from({ length: 5 }, (_, i) => (
            <li key={i} aria-hidden="true">
              <div className="skeleton brand-strip__brand brand-strip__brand--skeleton" />
            </li>
          ))}
        {brands?.map((b) => (
          <li key={b.id}>
            <Link className="brand-strip__brand" to={paths.search(b.name)}>
              <span className="brand-strip__logo" aria-hidden="true">
                {b.name.slice(0, 1)}
              </span>
              <span className="brand-strip__name">{b.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
