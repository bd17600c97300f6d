// Test data for the commerce suites: catalogue rows inserted directly (small, exact products the
// importer's validation would only get in the way of), and shoppers made ready to order through
// the real HTTP routes.
import { innControlDigits } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { products, variants } from '../db/schema/index.ts';
import { searchVectorUpdate } from '../modules/catalog/catalog-import.repository.ts';
import { login } from './app.ts';

let seq = 0;

export type VariantSpec = { price?: number; qty?: number; title?: string; size?: string; color?: string };

/** Inserts a product with its variants; prices in roubles. */
export async function insertProduct(
  db: Database,
  { title, variants: specs = [{}] }: { title?: string; variants?: VariantSpec[] } = {},
) {
  seq += 1;
  const prices = specs.map((v) => v.price ?? 1000);
  const [product] = await db
    .insert(products)
    .values({
      spu: `TEST-${process.pid}-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      title: title ?? `Кроссовки тестовые ${seq}`,
      computedTitle: title ?? `Кроссовки тестовые ${seq}`,
      minPrice: Math.min(...prices),
      price: Math.min(...prices),
      imageSrc: `/img/test-${seq}.webp`,
    })
    .returning();
  const rows = await db
    .insert(variants)
    .values(
      specs.map((v, i) => ({
        productId: product!.id,
        price: prices[i]!,
        title: v.title ?? `Размер ${40 + i}`,
        size: v.size ?? String(40 + i),
        sizeEu: v.size ?? String(40 + i),
        color: v.color ?? 'чёрный',
        qty: v.qty ?? 10,
        sku: `v${i}`,
      })),
    )
    .returning();
  return { product: product!, variants: rows };
}

/**
 * A brand of `name` with one alias, and one product of it titled `title`, found by search (its
 * search vector written, as the importer writes it).
 */
export async function insertBrandProduct(
  db: Database,
  { name, alias, title }: { name: string; alias: string; title: string },
) {
  const [brand] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO brands (name, aliases) VALUES (${name}, ${`{${alias}}`}::text[]) RETURNING id`,
  );
  const { product } = await insertProduct(db, { title });
  await db.execute(sql`UPDATE products SET brand_id = ${brand!.id} WHERE id = ${product.id}`);
  await db.execute(searchVectorUpdate(sql`p.id = ${product.id}`));
  return { brandId: brand!.id, product };
}

export async function variantQty(db: Database, variantId: number): Promise<number> {
  const [row] = await db.select({ qty: variants.qty }).from(variants).where(eq(variants.id, variantId));
  return row!.qty;
}

/** Builds a 12-digit personal INN with correct control digits from 10 digits. */
export function makeInn(first10: string): string {
  return first10 + innControlDigits(first10);
}

export const PASSPORT = {
  last_name: 'Тестова',
  first_name: 'Анна',
  middle_name: 'Сергеевна',
  birth_date: '1990-04-12',
  series: '45 17',
  number: '987654',
  issue_date: '2015-05-20',
  inn: makeInn('7707083893'),
  email: 'anna@example.com',
};

export const ADDRESS = {
  city: 'Москва',
  address: 'ул. Тверская, д. 1, кв. 2',
  fio: 'Анна',
  last_name: 'Тестова',
  phone_number: '+7 (916) 123-45-67',
  is_default: true,
};

/** Signs in a new shopper and saves passport data and an address; returns the header and address id. */
export async function readyShopper(app: FastifyInstance) {
  const authorization = await login(app);
  const passport = await app.inject({
    method: 'PUT',
    url: '/api/v1/passport',
    headers: { authorization },
    payload: PASSPORT,
  });
  if (passport.statusCode !== 200) throw new Error(`passport: ${passport.statusCode} ${passport.body}`);
  const address = await app.inject({
    method: 'POST',
    url: '/api/v1/delivery',
    headers: { authorization },
    payload: ADDRESS,
  });
  if (address.statusCode !== 201) throw new Error(`delivery: ${address.statusCode} ${address.body}`);
  return { authorization, deliveryId: address.json<{ result: { id: number } }>().result.id };
}
