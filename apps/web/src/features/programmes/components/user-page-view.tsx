// user: a blogger's public storefront (DESIGN §8): name, avatar, channel link, followers, and the
// picks grid; a tap on a pick opens the usual product drawer (`?id=` on this page).
import { BLOGGER_PLATFORM_RU } from '@shop/contract';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { plural } from '../../../lib/plural.ts';
import { formatPrice } from '../../../lib/price.ts';
import { useOpenProduct } from '../../../lib/product-link.ts';
import { safeHref } from '../../../lib/safe-url.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { openExternalLink } from '../../../telegram/links.ts';
import { FOLLOWER_FORMS } from '../labels.ts';
import type { PublicUser } from '../types.ts';
import './programmes.css';
import '../../../components/ui/card-grid.css';

type Props = {
  user: PublicUser;
  /** The blogger looking at their own page. */
  own?: boolean;
};

export function UserPageView({ user, own }: Props) {
  const openProduct = useOpenProduct();
  return (
    <div className="pg">
      {own && <p className="pg-hint">Так вашу страницу видят покупатели.</p>}
      <header className="pg-user">
        <span className="pg-avatar pg-avatar--large" aria-hidden="true">
          {user.avatar ? <img src={user.avatar} alt="" /> : (user.name.trim()[0] ?? '?').toUpperCase()}
        </span>
        <span className="pg-user__text">
          <h2 className="pg-user__name">{user.name}</h2>
          <span className="pg-hint">
            {user.followers.toLocaleString('ru-RU')} {plural(user.followers, FOLLOWER_FORMS)} ·{' '}
            {BLOGGER_PLATFORM_RU[user.platform]}
          </span>
        </span>
      </header>
      {safeHref(user.channel_url) ? (
        <button
          type="button"
          className="pg-user__channel"
          onClick={() => openExternalLink(safeHref(user.channel_url)!)}
        >
          {user.channel_url.replace(/^https?:\/\//, '')}
        </button>
      ) : (
        <span className="pg-user__channel">{user.channel_url}</span>
      )}
      <p className="pg-card">
        <span>
          Промокод <strong>{user.promo_code}</strong> — скидка на первый заказ в магазине
        </span>
      </p>
      <h2 className="pg-section-title">Подборка</h2>
      {user.picks.length === 0 ? (
        <div className="pg-empty">
          <p className="pg-empty__title">Подборка пока пуста</p>
          <p>{own ? 'Добавьте товары в подборку в кабинете блогера.' : 'Загляните позже.'}</p>
        </div>
      ) : (
        <ul className="card-grid" aria-label="Подборка">
          {user.picks.map(({ product, comment }, i) => (
            <li key={product.id} className="pg-pick">
              <button
                type="button"
                className="pg-pick__card"
                onClick={() => {
                  haptic.selection();
                  openProduct(product.id);
                }}
              >
                <ProductImage
                  className="pg-pick__image"
                  src={product.image_src}
                  size={{ width: 360 }}
                  alt={product.title}
                  loading={i < 4 ? 'eager' : 'lazy'}
                />
                <span className="pg-pick__price">
                  {product.min_price < product.price ? 'от ' : ''}
                  {formatPrice(product.min_price || product.price)}
                </span>
                <span className="pg-pick__title">
                  {product.brand && <strong>{product.brand.name} </strong>}
                  {product.title}
                </span>
                {!product.in_stock && <span className="pg-chip">Нет в наличии</span>}
              </button>
              {comment && <p className="pg-pick__comment">«{comment}»</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
