// «В корзину» on a Poizon item (docs/product.md §14.1): the item becomes a hidden product
// (`poizon-<spuId>`, a variant per size at today's rouble price) and the size a cart line, so cart,
// order, stock and payment stay one path.
import type { FindCartLine } from '@shop/contract';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { addToCart } from '../cart/index.ts';
import { upsertHiddenProduct } from '../catalog/index.ts';
import type { PoizonService } from './poizon.service.ts';

export async function addPoizonItemToCart(
  db: Database,
  service: PoizonService,
  userId: number,
  spuId: string,
  size: string,
  onCatalogWrite: () => void,
): Promise<FindCartLine> {
  const item = await service.item(spuId);
  if (!item) throw notFound('Товар на Poizon не найден');
  const chosen = item.sizes.find((s) => s.size === size);
  if (!chosen) throw badRequest('Такого размера нет', 'size');
  const spu = `poizon-${item.spu_id}`;
  const line = await db.transaction(async (tx) => {
    const { productId, variantIds } = await upsertHiddenProduct(tx, {
      spu,
      source: 'poizon',
      title: item.title,
      brand: item.brand || null,
      description: `${item.title}. Выкупим на Poizon и доставим за ${item.delivery_days} дней.`,
      images: item.images,
      article: item.article,
      variants: item.sizes.map((s) => ({
        sku: `${spu}-${s.size}`,
        title: `${item.title}, ${s.size}`,
        size: s.size,
        color: null,
        price: s.price_rub,
      })),
    });
    const variantId = variantIds.get(`${spu}-${chosen.size}`)!;
    return addToCart(tx, userId, { productId, variantId, quantity: 1 });
  });
  // The catalogue changed (a product and variants), so its caches go.
  onCatalogWrite();
  return { product_id: line.product_id, variant_id: line.variant_id };
}
