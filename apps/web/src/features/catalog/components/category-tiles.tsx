// Home: the root categories leading to catalog/{id}: a picture tile when the category has one,
// otherwise a tinted tile with its name.
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { useCategories } from '../api/get-categories.ts';
import './category-tiles.css';
import { paths } from '../../../lib/paths.ts';

const TINTS = ['#ffe3d6', '#dcecff', '#e7e0ff', '#d9f5e5', '#fff1c9', '#ffdbe7', '#e0f4f7'];

export function CategoryTiles() {
  const categories = useCategories();
  return (
    <section aria-label="Категории">
      <div className="section-head">
        <h2 className="section-title">Категории</h2>
        <Link className="section-more" to={paths.catalog()}>
          Все
        </Link>
      </div>
      <ul className="category-tiles">
        {categories.isPending &&
          Array.from({ length: 6 }, (_, i) => (
            <li key={i} aria-hidden="true">
              <div className="skeleton category-tiles__tile category-tiles__tile--skeleton" />
            </li>
          ))}
        {categories.data?.map((c, i) => (
          <li key={c.id}>
            <Link
              to={paths.catalog(c.id)}
              className="category-tiles__tile"
              style={{ ['--tint' as string]: TINTS[i % TINTS.length] }}
            >
              <span className="category-tiles__name">{c.name}</span>
              {c.image_src && (
                <ProductImage
                  className="category-tiles__image"
                  src={c.image_src}
                  size={{ width: 160 }}
                  alt=""
                />
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
