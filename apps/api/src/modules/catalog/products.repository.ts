// Catalogue reads: the keyset-paged listing, facets, the category tree, a product, similar
// products. Every listing order is (sort key, id) and has a matching index (see
// docs/benchmarks.md); the cursor is the last row's (sort key, id), never an offset.
import {
  SIZELESS_CATEGORY_IDS,
  type CatalogFilterQuery,
  type CategoryNode,
  type Product,
  type ProductCard,
  type ProductFilters,
  type SimilarProduct,
  type Sorting,
} from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { badRequest } from '../../plugins/errors.ts';

export type ListingSort = Sorting | 'RELEVANCE';

type SortSpec = { key: (search: SearchTerms | undefined) => SQL; desc: boolean; kind: 'int' | 'time' };

const SORTS: Record<ListingSort, SortSpec> = {
  POPULARITY: { key: () => sql`p.popularity`, desc: true, kind: 'int' },
  SALES: { key: () => sql`p.sales`, desc: true, kind: 'int' },
  PRICE_ASC: { key: () => sql`p.min_price`, desc: false, kind: 'int' },
  PRICE_DESC: { key: () => sql`p.min_price`, desc: true, kind: 'int' },
  NEWEST: { key: () => sql`p.published_at`, desc: true, kind: 'time' },
  // Full-text relevance is tiered so that an index can serve it: products whose title or brand
  // (weight A) match come first, then products matching elsewhere; each tier by popularity.
  // The key is tier * 1e10 + popularity. The trigram fallback ranks by word similarity instead.
  RELEVANCE: {
    key: (s) =>
      s?.mode === 'trigram' ? sql`(word_similarity(${s.lower}, lower(p.title)) * 1000)::int` : sql`0`,
    desc: true,
    kind: 'int',
  },
};

/** A Postgres array literal for a parameter (`{"a","b"}`), safe for any text. */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;
}

/** Full text when it finds anything; otherwise trigram similarity (typos, transliterations). */
export type SearchMode = 'fulltext' | 'trigram';
/** How a search string is run: its (possibly typo-corrected) text and the matching mode. */
export type SearchPlan = { mode: SearchMode; text: string };
type SearchTerms = { text: string; lower: string; mode: SearchMode };

export type ListingFilters = Omit<CatalogFilterQuery, 'search_string'> & {
  search_string?: string | undefined;
};

function searchText(filters: ListingFilters): string | undefined {
  return filters.search_string?.trim().replace(/\s+/g, ' ') || undefined;
}

function searchOf(filters: ListingFilters, plan?: SearchPlan): SearchTerms | undefined {
  const text = plan?.text ?? searchText(filters);
  return text ? { text, lower: text.toLowerCase(), mode: plan?.mode ?? 'fulltext' } : undefined;
}

const fullTextMatches = async (db: Database, text: string) =>
  (
    await queryRows<{ found: boolean }>(
      db,
      sql`SELECT catalog_fulltext_matches(websearch_to_tsquery('russian', ${text})) AS found`,
    )
  )[0]?.found === true;

/**
 * Plans a search: full text if it matches any product; else full text with each word replaced by
 * the closest suggestion term (typos: «кросовки» → «кроссовки»); else, as a last resort, trigram
 * similarity on titles.
 */
export async function planSearch(db: Database, filters: ListingFilters): Promise<SearchPlan | undefined> {
  const text = searchText(filters);
  if (!text) return undefined;
  if (await fullTextMatches(db, text)) return { mode: 'fulltext', text };
  const words = text.toLowerCase().split(' ').slice(0, 8);
  const corrected: string[] = [];
  for (const word of words) {
    const [row] =
      word.length >= 3
        ? await queryRows<{ term: string }>(
            db,
            sql`SELECT term FROM search_terms WHERE term % ${word}
                ORDER BY similarity(term, ${word}) DESC, weight DESC LIMIT 1`,
          )
        : [];
    corrected.push(row?.term ?? word);
  }
  const fixed = corrected.join(' ');
  if (fixed !== text.toLowerCase() && (await fullTextMatches(db, fixed)))
    return { mode: 'fulltext', text: fixed };
  return { mode: 'trigram', text };
}

type FilterKind = 'category_ids' | 'colors' | 'sizes_eu' | 'brand_ids' | 'category_fit_people';

/** WHERE conditions of the filters, leaving out one kind (for its own facet). */
function filterConditions(filters: ListingFilters, plan: SearchPlan | undefined, except?: FilterKind): SQL[] {
  const where: SQL[] = [];
  const has = <K extends FilterKind>(k: K) => k !== except && (filters[k]?.length ?? 0) > 0;
  if (has('category_ids')) where.push(sql`p.category_ids && ${pgArray(filters.category_ids!)}::int[]`);
  if (has('colors')) where.push(sql`p.colors && ${pgArray(filters.colors!)}::text[]`);
  if (has('sizes_eu')) where.push(sql`p.sizes_eu && ${pgArray(filters.sizes_eu!)}::text[]`);
  if (has('brand_ids')) where.push(sql`p.brand_id = ANY(${pgArray(filters.brand_ids!)}::int[])`);
  if (has('category_fit_people'))
    where.push(sql`p.fit_people = ANY(${pgArray(filters.category_fit_people!)}::text[])`);
  const search = searchOf(filters, plan);
  if (search) {
    // Russian full text (title, brand and its Cyrillic aliases, category, description), or, when
    // that finds nothing, a trigram match on the title for typos and transliterations.
    where.push(
      search.mode === 'fulltext'
        ? sql`p.search @@ websearch_to_tsquery('russian', ${search.text})`
        : sql`${search.lower} <% lower(p.title)`,
    );
  }
  return where;
}

const and = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` AND `) : sql`TRUE`);

type Cursor = { sort: ListingSort; key: number | string; id: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function decodeCursor(raw: string, sort: ListingSort): Cursor {
  const invalid = () => badRequest('cursor: неверный курсор, начните список заново', 'query.cursor');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [s, key, id] = parsed as unknown[];
  if (s !== sort)
    throw badRequest('cursor: курсор от другой сортировки, начните список заново', 'query.cursor');
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw invalid();
  const spec = SORTS[sort];
  if (spec.kind === 'int' && !(typeof key === 'number' && Number.isSafeInteger(key))) throw invalid();
  if (
    spec.kind === 'time' &&
    !(typeof key === 'string' && TIME_KEY.test(key) && !Number.isNaN(Date.parse(key)))
  )
    throw invalid();
  return { sort, key: key as number | string, id };
}

export type ListingQuery = ListingFilters & {
  sorting?: Sorting | undefined;
  cursor?: string | undefined;
  limit: number;
};

export function resolveSort(query: ListingQuery): ListingSort {
  return query.sorting ?? (searchOf(query) ? 'RELEVANCE' : 'POPULARITY');
}

/** The listing SQL (exported so the benchmark can EXPLAIN exactly what the API runs). */
const TIER = 10_000_000_000;

/** Wraps one page query (`p` rows with a `sort_key`) with the card columns and first 5 pictures. */
function pageSql(from: SQL, where: SQL[], keyOut: SQL, order: SQL, limit: number, outerOrder: SQL): SQL {
  return sql`
    SELECT page.*,
           (SELECT coalesce(json_agg(json_build_object('id', i.id, 'src', i.src) ORDER BY i.position), '[]'::json)
            FROM product_images i WHERE i.product_id = page.id AND i.position < 5) AS images
    FROM (
      SELECT p.id, p.spu, p.title, p.computed_title, p.image_src, p.min_price, p.price, p.in_stock,
             b.id AS brand_id, b.name AS brand_name, b.logo_url AS brand_logo_url, ${keyOut} AS sort_key
      FROM ${from} LEFT JOIN brands b ON b.id = p.brand_id
      WHERE ${and(where)}
      ORDER BY ${order}
      LIMIT ${limit}
    ) page
    -- The page's pictures in the same round trip; the outer order repeats the inner one.
    ORDER BY ${outerOrder}`;
}

/**
 * The SQL of one listing page (exported so the benchmark can EXPLAIN exactly what the API runs).
 * Full-text relevance is two queries, one per tier (see SORTS.RELEVANCE): `tier` picks one.
 */
export function listingSql(
  query: ListingQuery,
  plan?: SearchPlan,
  tier?: 1 | 2,
  limit = query.limit + 1,
): SQL {
  const sort = resolveSort(query);
  const spec = SORTS[sort];
  const search = searchOf(query, plan);
  if (sort === 'RELEVANCE' && search?.mode === 'fulltext') {
    const where = filterConditions({ ...query, search_string: undefined }, undefined);
    const q = sql`websearch_to_tsquery('russian', ${search.text})`;
    // The same query restricted to weight A (title, brand): each lexeme gets `:A`.
    const qA = sql`(regexp_replace(${q}::text, ${"'(?:[^']|'')*'"}, ${'\\&:A'}, 'g'))::tsquery`;
    const t = tier ?? 2;
    where.push(t === 2 ? sql`p.search @@ ${qA}` : sql`p.search @@ ${q} AND NOT (p.search @@ ${qA})`);
    if (query.cursor) {
      const c = decodeCursor(query.cursor, sort);
      const cursorTier = Math.floor(Number(c.key) / TIER);
      const popularity = Number(c.key) % TIER;
      if (t > cursorTier) where.push(sql`FALSE`);
      else if (t === cursorTier) where.push(sql`(p.popularity, p.id) < (${popularity}::int, ${c.id}::int)`);
    }
    return pageSql(
      sql`products p`,
      where,
      sql`(${t}::bigint * ${TIER}::bigint + p.popularity)`,
      sql`p.popularity DESC NULLS LAST, p.id DESC NULLS LAST`,
      limit,
      sql`page.sort_key DESC, page.id DESC`,
    );
  }
  const key = spec.key(search);
  const where = filterConditions(query, plan);
  if (query.cursor) {
    const c = decodeCursor(query.cursor, sort);
    const value = spec.kind === 'time' ? sql`${c.key}::timestamptz` : sql`${c.key}::int`;
    where.push(
      spec.desc
        ? sql`(${key}, p.id) < (${value}, ${c.id}::int)`
        : sql`(${key}, p.id) > (${value}, ${c.id}::int)`,
    );
  }
  // DESC orders match the `... DESC NULLS LAST` indexes; PRICE_DESC reads the price index backwards.
  const order =
    sort === 'PRICE_DESC'
      ? sql`p.min_price DESC, p.id DESC`
      : spec.desc
        ? sql`${key} DESC NULLS LAST, p.id DESC NULLS LAST`
        : sql`${key} ASC, p.id ASC`;
  const keyOut =
    spec.kind === 'time'
      ? sql`to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : key;
  return pageSql(
    sql`products p`,
    where,
    keyOut,
    order,
    limit,
    sort === 'PRICE_ASC' ? sql`page.sort_key ASC, page.id ASC` : sql`page.sort_key DESC, page.id DESC`,
  );
}

/**
 * Runs one listing page: one query, or for full-text relevance the title tier and, when it runs
 * out within the page, the other tier. `run` is the executor (the benchmark records the SQL).
 */
export async function listingRows<T extends Record<string, unknown>>(
  query: ListingQuery,
  plan: SearchPlan | undefined,
  run: (query: SQL) => Promise<T[]>,
): Promise<T[]> {
  const limit = query.limit + 1;
  const sort = resolveSort(query);
  if (!(sort === 'RELEVANCE' && plan?.mode === 'fulltext')) return run(listingSql(query, plan));
  const cursorTier = query.cursor ? Math.floor(Number(decodeCursor(query.cursor, sort).key) / TIER) : 2;
  const rows = cursorTier >= 2 ? await run(listingSql(query, plan, 2, limit)) : [];
  if (rows.length >= limit) return rows;
  return [...rows, ...(await run(listingSql(query, plan, 1, limit - rows.length)))];
}

type Image = { id: number; src: string };

type CardRow = {
  id: number;
  spu: string;
  title: string;
  computed_title: string;
  image_src: string | null;
  min_price: number;
  price: number;
  in_stock: boolean;
  brand_id: number | null;
  brand_name: string | null;
  brand_logo_url: string | null;
  sort_key: number | string;
  images: Image[] | string;
};

export async function listProducts(
  db: Database,
  query: ListingQuery,
): Promise<{ products: ProductCard[]; cursor: string | null; more: boolean }> {
  const sort = resolveSort(query);
  const rows = await listingRows(query, await planSearch(db, query), (q) => queryRows<CardRow>(db, q));
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    products: page.map((r) => ({
      id: r.id,
      spu: r.spu,
      title: r.title,
      computed_title: { title: r.computed_title },
      brand:
        r.brand_id != null ? { id: r.brand_id, name: r.brand_name ?? '', logo_url: r.brand_logo_url } : null,
      image_src: r.image_src,
      images: typeof r.images === 'string' ? (JSON.parse(r.images) as Image[]) : r.images,
      min_price: r.min_price,
      price: r.price,
      in_stock: r.in_stock,
    })),
    cursor:
      more && last
        ? encodeCursor({ sort, key: sort === 'NEWEST' ? last.sort_key : Number(last.sort_key), id: last.id })
        : null,
    more,
  };
}

const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];
function compareSizes(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  return SIZE_ORDER.indexOf(a) - SIZE_ORDER.indexOf(b) || a.localeCompare(b);
}

/** Facets: for each kind, the values reachable under the other kinds' filters, with counts. */
export async function productFilters(db: Database, filters: ListingFilters): Promise<ProductFilters> {
  const plan = await planSearch(db, filters);
  const w = (except?: FilterKind) => and(filterConditions(filters, plan, except));
  // Independent aggregations: on a server pool they run side by side.
  const [brandRows, colorRows, sizeRows, categoryRows, fitRows, totalRows] = await Promise.all([
    queryRows<{ id: number; name: string; count: number }>(
      db,
      sql`SELECT b.id, b.name, count(*)::int AS count FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE ${w('brand_ids')} GROUP BY b.id, b.name ORDER BY count DESC, b.name`,
    ),
    queryRows<{ value: string; count: number }>(
      db,
      sql`SELECT c AS value, count(*)::int AS count FROM products p, unnest(p.colors) c
        WHERE ${w('colors')} GROUP BY c ORDER BY count DESC, c`,
    ),
    queryRows<{ value: string; count: number }>(
      db,
      sql`SELECT s AS value, count(*)::int AS count FROM products p, unnest(p.sizes_eu) s
        WHERE ${w('sizes_eu')} GROUP BY s`,
    ),
    queryRows<{ id: number; name: string; count: number }>(
      db,
      sql`SELECT k.id, k.name, count(*)::int AS count FROM products p, unnest(p.category_ids) c JOIN categories k ON k.id = c
        WHERE ${w('category_ids')} GROUP BY k.id, k.name, k.position ORDER BY k.position, k.id`,
    ),
    queryRows<{ value: ProductFilters['fit_people'][number]['value']; count: number }>(
      db,
      sql`SELECT p.fit_people AS value, count(*)::int AS count FROM products p
        WHERE ${w('category_fit_people')} GROUP BY p.fit_people ORDER BY count DESC`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products p WHERE ${w()}`),
  ]);
  return {
    brands: brandRows,
    colors: colorRows,
    sizes_eu: sizeRows.sort((a, b) => compareSizes(a.value, b.value)),
    categories: categoryRows,
    fit_people: fitRows,
    total: totalRows[0]?.n ?? 0,
  };
}

export async function categoryTree(db: Database): Promise<CategoryNode[]> {
  const rows = await queryRows<{
    id: number;
    parent_id: number | null;
    name: string;
    image_src: string | null;
  }>(db, sql`SELECT id, parent_id, name, image_src FROM categories ORDER BY position, id`);
  const nodes = new Map<number, CategoryNode>(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, image_src: r.image_src, sizeless: false, children: [] },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id != null ? nodes.get(r.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const mark = (node: CategoryNode, sizeless: boolean) => {
    node.sizeless = sizeless || SIZELESS_CATEGORY_IDS.includes(node.id);
    node.children.forEach((child) => mark(child, node.sizeless));
  };
  roots.forEach((root) => mark(root, false));
  return roots;
}

type ProductRow = {
  id: number;
  spu: string;
  title: string;
  computed_title: string;
  description: string;
  characteristics: { key: string; value: string }[];
  options: { name: string; name_ru: string; values: string[] }[];
  size_table: Product['size_table'];
  image_src: string | null;
  min_price: number;
  price: number;
  fit_people: Product['fit_people'];
  category_ids: number[] | string;
  brand_id: number | null;
  brand_name: string | null;
  brand_logo_url: string | null;
};

export async function findProduct(db: Database, id: number): Promise<Product | undefined> {
  const [row] = await queryRows<ProductRow>(
    db,
    sql`SELECT p.id, p.spu, p.title, p.computed_title, p.description, p.characteristics, p.options, p.size_table,
               p.image_src, p.min_price, p.price, p.fit_people,
               b.id AS brand_id, b.name AS brand_name, b.logo_url AS brand_logo_url
        FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = ${id}`,
  );
  if (!row) return undefined;
  const images = await queryRows<{ id: number; src: string }>(
    db,
    sql`SELECT id, src FROM product_images WHERE product_id = ${id} ORDER BY position, id`,
  );
  const variantRows = await queryRows<{
    id: number;
    price: number;
    title: string;
    size: string | null;
    size_eu: string | null;
    qty: number;
    color: string | null;
    image: string | null;
    options: Record<string, string>;
    img_id: number | null;
  }>(
    db,
    sql`SELECT id, price, title, size, size_eu, qty, color, image, options, img_id
        FROM variants WHERE product_id = ${id} ORDER BY position, id`,
  );
  const categoryRows = await queryRows<{ id: number }>(
    db,
    sql`SELECT category_id AS id FROM product_categories WHERE product_id = ${id} ORDER BY category_id`,
  );
  return {
    id: row.id,
    spu: row.spu,
    title: row.title,
    computed_title: { title: row.computed_title },
    description: row.description,
    characteristics: row.characteristics,
    brand:
      row.brand_id != null
        ? { id: row.brand_id, name: row.brand_name ?? '', logo_url: row.brand_logo_url }
        : null,
    images,
    options: row.options,
    variants: variantRows,
    categories: categoryRows,
    size_table: row.size_table,
    image_src: row.image_src,
    min_price: row.min_price,
    price: row.price,
    fit_people: row.fit_people,
  };
}

/**
 * Up to 20 products from the product's most specific categories, same brand first, then by
 * popularity; never the product itself. Entries without a price (0) go last.
 */
export async function similarProducts(db: Database, id: number): Promise<SimilarProduct[] | undefined> {
  const [me] = await queryRows<{ brand_id: number | null; leaves: number[] | string | null }>(
    db,
    sql`SELECT p.brand_id,
               (SELECT array_agg(c) FROM unnest(p.category_ids) c
                WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c AND k.id = ANY(p.category_ids))) AS leaves
        FROM products p WHERE p.id = ${id}`,
  );
  if (!me) return undefined;
  const leaves = parseIntArray(me.leaves);
  if (!leaves.length) return [];
  // The 200 most popular candidates come from the popularity index; the final order is cheap.
  return queryRows<SimilarProduct & { computed_title: never }>(
    db,
    sql`SELECT c.id AS product_id, c.title, json_build_object('title', c.computed_title) AS computed_title,
               c.spu, c.image_src, c.price
        FROM (SELECT p.id, p.title, p.computed_title, p.spu, p.image_src, p.price, p.brand_id, p.popularity
              FROM products p
              WHERE p.category_ids && ${pgArray(leaves)}::int[] AND p.id <> ${id}
              ORDER BY p.popularity DESC NULLS LAST, p.id DESC NULLS LAST LIMIT 200) c
        ORDER BY (c.price <= 0), (c.brand_id IS NOT DISTINCT FROM ${me.brand_id}::int) DESC, c.popularity DESC, c.id DESC
        LIMIT 20`,
  );
}

/** int[] comes back as an array from postgres-js and PGlite; tolerate the text form too. */
function parseIntArray(value: number[] | string | null): number[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}
