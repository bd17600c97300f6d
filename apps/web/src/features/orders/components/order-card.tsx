// One order in orders/history: number, date, status, thumbnails of its lines and the total.
import type { Order } from '@shop/contract';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { ITEM_FORMS } from '../../../lib/plural.ts';
import { countRu, formatDateRu } from '../../../lib/format.ts';
import { formatPrice } from '../../../lib/price.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import './orders.css';
import { paths } from '../../../lib/paths.ts';

export function OrderCard({ order }: { order: Order }) {
  const units = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <Link to={paths.orderDetails(order.id)} className="order-card" data-order-id={order.id}>
      <span className="order-card__head">
        <span className="order-card__number">Заказ №{order.id}</span>
        <OrderStatusBadge status={order.status} />
      </span>
      <span className="order-card__date">от {formatDateRu(order.created_at)}</span>
      <span className="order-card__thumbs">
        {order.items.slice(0, 4).map((item) => (
          <span key={item.variant_id} className="product-thumb">
            <ProductImage src={item.image} size={{ width: 120 }} alt={item.title} loading="lazy" />
          </span>
        ))}
        {order.items.length > 4 && <span className="order-card__more">+{order.items.length - 4}</span>}
      </span>
      <span className="order-card__foot">
        <span className="order-card__units">{countRu(units, ITEM_FORMS)}</span>
        <span className="order-card__total">{formatPrice(order.total)}</span>
      </span>
    </Link>
  );
}
