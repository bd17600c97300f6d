// Search planning: whether a search string runs as Russian full text (possibly typo-corrected
// word by word) or, when that finds nothing, as trigram similarity on titles.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import type { ListingFilters } from './listing.sql.ts';

/**
 * Full text when it finds anything; otherwise trigram similarity (typos, transliterations);
 * `article` when the text is a product's article (its Poizon spu or a variant's sku).
 */
export type SearchMode = 'fulltext' | 'trigram' | 'article';
/**
 * How a search string is run: its (possibly typo-corrected) text and the matching mode; for full
 * text, also the `tsquery` it makes as text (`websearch_to_tsquery(…)::text`, for the token index).
 */
export type SearchPlan = { mode: SearchMode; text: string; tsquery?: string };
export type SearchTerms = { text: string; lower: string; mode: SearchMode };

function searchText(filters: ListingFilters): string | undefined {
  return filters.search_string?.trim().replace(/\s+/g, ' ') || undefined;
}

export function searchOf(filters: ListingFilters, plan?: SearchPlan): SearchTerms | undefined {
  const text = plan?.text ?? searchText(filters);
  return text ? { text, lower: text.toLowerCase(), mode: plan?.mode ?? 'fulltext' } : undefined;
}

/** The text's `tsquery` as text when full text finds any product (same statement), else undefined. */
const fullTextMatches = async (db: Database, text: string) => (await probe(db, text, false)).tsquery;

/** A brand's Cyrillic alias (lower case) and the brand's name. */
type Alias = { name: string; alias: string };

/**
 * `fullTextMatches` of the text as typed and, when `withAliases`, every brand's Cyrillic aliases
 * (longest first, for `withBrandNames`) in the same statement: a search that names no brand in
 * Cyrillic is planned in one round trip instead of two (decision 074; each statement costs the
 * API ≈ 0.4 ms of CPU at a million products, more than the database's part).
 */
async function probe(
  db: Database,
  text: string,
  withAliases: boolean,
): Promise<{ tsquery: string | undefined; aliases: Alias[] | undefined }> {
  const aliases = withAliases
    ? sql`(SELECT json_agg(json_build_object('name', b.name, 'alias', lower(a)) ORDER BY length(a) DESC)
           FROM brands b, unnest(b.aliases) a)`
    : sql`NULL::json`;
  const [row] = await queryRows<{ found: boolean; tsquery: string; aliases: Alias[] | string | null }>(
    db,
    sql`SELECT catalog_fulltext_matches(q) AS found, q::text AS tsquery, ${aliases} AS aliases
        FROM websearch_to_tsquery('russian', ${text}) q`,
  );
  const list = typeof row?.aliases === 'string' ? (JSON.parse(row.aliases) as Alias[] | null) : row?.aliases;
  return {
    tsquery: row?.found === true ? row.tsquery : undefined,
    aliases: withAliases ? (list ?? []) : undefined,
  };
}

/** Every brand's Cyrillic aliases, longest first (a corrected text in Cyrillic, typed in Latin). */
const brandAliases = (db: Database) =>
  queryRows<Alias>(
    db,
    sql`SELECT b.name, lower(a) AS alias FROM brands b, unnest(b.aliases) a ORDER BY length(a) DESC`,
  );

/**
 * Plans a search: full text if it matches any product; else full text with each word replaced by
 * the closest suggestion term (typos: «кросовки» → «кроссовки»); else, as a last resort, trigram
 * similarity on titles.
 */
export async function planSearch(db: Database, filters: ListingFilters): Promise<SearchPlan | undefined> {
  const typed = searchText(filters);
  if (!typed) return undefined;
  if (ARTICLE.test(typed) && (await articleMatches(db, typed))) return { mode: 'article', text: typed };
  // A brand written in Cyrillic («томми хилфигер», «джордан») or misspelt («адидос») is searched
  // as the brand's own name: the Russian stemmer cuts «томми» to «томм», which the brand's
  // aliases (indexed as typed) never match (issue 27).
  const cyrillic = (t: string) => /[а-яё]/i.test(t);
  const asTyped = await probe(db, typed, cyrillic(typed));
  let aliases = asTyped.aliases;
  const text = aliases ? withBrandNames(aliases, typed) : typed;
  const tsquery = text === typed ? asTyped.tsquery : await fullTextMatches(db, text);
  if (tsquery !== undefined) return { mode: 'fulltext', text, tsquery };
  const brand = await closestBrand(db, typed);
  const brandQuery = brand ? await fullTextMatches(db, brand) : undefined;
  if (brand && brandQuery !== undefined) return { mode: 'fulltext', text: brand, tsquery: brandQuery };
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
  const joined = corrected.join(' ');
  if (cyrillic(joined)) aliases ??= await brandAliases(db);
  const fixed = aliases ? withBrandNames(aliases, joined) : joined;
  const fixedQuery = fixed !== text.toLowerCase() ? await fullTextMatches(db, fixed) : undefined;
  if (fixedQuery !== undefined) return { mode: 'fulltext', text: fixed, tsquery: fixedQuery };
  return { mode: 'trigram', text };
}

/** Something like an article: letters and digits (at least 5 digits), maybe a dash, no spaces. */
const ARTICLE = /^(?=(?:[^\d]*\d){5})[a-z0-9][a-z0-9-]{4,39}$/i;

const articleMatches = async (db: Database, text: string) =>
  (
    await queryRows<{ found: boolean }>(
      db,
      sql`SELECT EXISTS (${articleIdsSql(text.toLowerCase())}) AS found`,
    )
  )[0]?.found === true;

/** The published-or-not products whose spu, or a variant's sku, is the article (lower case). */
export const articleIdsSql = (lower: string) =>
  sql`SELECT p.id FROM products p WHERE lower(p.spu) = ${lower}
      UNION SELECT v.product_id FROM variants v WHERE lower(v.sku) = ${lower}`;

/** Replaces each Cyrillic alias of a brand in the text by the brand's name («томми хилфигер» → «Tommy Hilfiger»). */
function withBrandNames(aliases: readonly Alias[], text: string): string {
  if (!/[а-яё]/i.test(text)) return text;
  let out = ` ${text.toLowerCase()} `;
  for (const { name, alias } of aliases) out = out.split(` ${alias} `).join(` ${name} `);
  return out.trim() === text.toLowerCase() ? text : out.trim();
}

/** A text that is nothing but a misspelt brand («адидос», «томи хилфигер»): the brand's name. */
async function closestBrand(db: Database, text: string): Promise<string | undefined> {
  const lower = text.toLowerCase();
  const [close] = await queryRows<{ name: string }>(
    db,
    sql`SELECT b.name FROM brands b, unnest(b.aliases || lower(b.name)) a
        WHERE similarity(lower(a), ${lower}) >= 0.4
        ORDER BY similarity(lower(a), ${lower}) DESC, b.popularity DESC LIMIT 1`,
  );
  return close?.name;
}
