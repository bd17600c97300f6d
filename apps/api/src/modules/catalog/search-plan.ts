// Search planning: whether a search string runs as Russian full text (possibly typo-corrected
// word by word) or, when that finds nothing, as trigram similarity on titles.
import { sql, type SQL } from 'drizzle-orm';
import { readRows, type Database } from '../../db/client.ts';
import { pgArray, type ListingFilters } from './listing.sql.ts';

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

/** The brands' aliases as this process last read them, and the md5 of their JSON, per database. */
const keptAliases = new WeakMap<Database, { md5: string; list: Alias[] }>();

/** A probe's full-text `tsquery`, as text when it finds any product. */
const probed = (q: SQL) => sql`(SELECT CASE WHEN catalog_fulltext_matches(q) THEN q::text END FROM ${q} q)`;

/**
 * `fullTextMatches` of the text as typed and, when `withAliases`, every brand's Cyrillic aliases
 * (longest first, for `withBrandNames`) in the same statement: a search that names no brand in
 * Cyrillic is planned in one round trip instead of two (decision 074; each statement costs the
 * API ≈ 0.4 ms of CPU at a million products, more than the database's part).
 *
 * The aliases are sent only when they differ from those this process read last (their md5 is
 * compared in the statement, decision 081); while they are the same, the text with brand names put
 * in by them (`guess`) is probed in the same statement instead of the text as typed, so that a
 * brand written in Cyrillic («найк») is planned in one statement too. The aliases and their md5
 * are computed once (`OFFSET 0` keeps PostgreSQL from pulling the sub-selects up into each of the
 * four places that name them, which read and hashed the brands four times: 1.0–6.4 ms of a
 * statement that takes 0.4–0.5 ms so; decision 087).
 */
async function probe(
  db: Database,
  text: string,
  withAliases: boolean,
): Promise<{
  tsquery: string | undefined;
  aliases: Alias[] | undefined;
  guess?: { text: string; tsquery: string | undefined };
}> {
  const typed = sql`websearch_to_tsquery('russian', ${text})`;
  if (!withAliases) {
    const [row] = await readRows<{ tsquery: string | null }>(db, sql`SELECT ${probed(typed)} AS tsquery`);
    return { tsquery: row?.tsquery ?? undefined, aliases: undefined };
  }
  const kept = keptAliases.get(db);
  const guess = kept ? withBrandNames(kept.list, text) : undefined;
  const same = sql`a.md5 = ${kept?.md5 ?? ''}`;
  const [row] = await readRows<{
    md5: string;
    aliases: Alias[] | string | null;
    tsquery: string | null;
    guess: string | null;
  }>(
    db,
    sql`SELECT a.md5, CASE WHEN NOT ${same} THEN a.list END AS aliases,
               ${guess === undefined || guess === text ? probed(typed) : sql`CASE WHEN NOT ${same} THEN ${probed(typed)} END`} AS tsquery,
               ${guess === undefined || guess === text ? sql`NULL` : sql`CASE WHEN ${same} THEN ${probed(sql`websearch_to_tsquery('russian', ${guess})`)} END`} AS guess
        FROM (SELECT coalesce(md5(l.list::text), '') AS md5, l.list FROM (SELECT ${aliasesJson} AS list OFFSET 0) l OFFSET 0) a`,
  );
  const tsquery = row?.tsquery ?? undefined;
  if (kept && row?.md5 === kept.md5)
    return {
      tsquery,
      aliases: kept.list,
      ...(guess !== undefined && guess !== text
        ? { guess: { text: guess, tsquery: row.guess ?? undefined } }
        : {}),
    };
  const list = typeof row?.aliases === 'string' ? (JSON.parse(row.aliases) as Alias[] | null) : row?.aliases;
  if (row) keptAliases.set(db, { md5: row.md5, list: list ?? [] });
  return { tsquery, aliases: list ?? [] };
}

/** Every brand's Cyrillic aliases as JSON, longest first (for `withBrandNames`). */
const aliasesJson = sql`(SELECT json_agg(json_build_object('name', b.name, 'alias', lower(a)) ORDER BY length(a) DESC)
           FROM brands b, unnest(b.aliases) a)`;

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
  const tsquery =
    text === typed
      ? asTyped.tsquery
      : asTyped.guess?.text === text
        ? asTyped.guess.tsquery
        : await fullTextMatches(db, text);
  if (tsquery !== undefined) return { mode: 'fulltext', text, tsquery };
  const typo = await typoProbe(db, typed, text, aliases === undefined);
  if (typo.brand !== undefined && typo.brandTsquery !== undefined)
    return { mode: 'fulltext', text: typo.brand, tsquery: typo.brandTsquery };
  aliases ??= typo.aliases;
  const joined = typo.corrected;
  const fixed = aliases && cyrillic(joined) ? withBrandNames(aliases, joined) : joined;
  // The corrected words as they are were probed in the same statement; with a brand's name put
  // in place of its alias they are probed again.
  const fixedQuery =
    fixed === text.toLowerCase()
      ? undefined
      : fixed === joined
        ? typo.correctedTsquery
        : await fullTextMatches(db, fixed);
  if (fixedQuery !== undefined) return { mode: 'fulltext', text: fixed, tsquery: fixedQuery };
  return { mode: 'trigram', text };
}

/**
 * A typo's plan in one statement (decision 081; it was three to five): the brand closest to the
 * text as typed («адидос» → Adidas: similarity ≥ 0.4 to its name or an alias) and whether full text finds it, and each word
 * of `text` (lower case, the first 8; those of 3 letters or more) replaced by the closest
 * suggestion term, joined, and whether full text finds that (when it differs from the text). The
 * corrections are made only when the brand is not found. With `withAliases`, the brands'
 * Cyrillic aliases too.
 */
async function typoProbe(
  db: Database,
  typed: string,
  text: string,
  withAliases: boolean,
): Promise<{
  brand: string | undefined;
  brandTsquery: string | undefined;
  corrected: string;
  correctedTsquery: string | undefined;
  aliases: Alias[] | undefined;
}> {
  const lower = text.toLowerCase();
  const words = lower.split(' ').slice(0, 8);
  const aliases = withAliases ? aliasesJson : sql`NULL::json`;
  const [row] = await readRows<{
    brand: string | null;
    brand_tsquery: string | null;
    corrected: string | null;
    corrected_tsquery: string | null;
    aliases: Alias[] | string | null;
  }>(
    db,
    sql`WITH brand AS (
          SELECT b.name FROM brands b, unnest(b.aliases || lower(b.name)) a
          WHERE similarity(lower(a), ${typed.toLowerCase()}) >= 0.4
          ORDER BY similarity(lower(a), ${typed.toLowerCase()}) DESC, b.popularity DESC LIMIT 1),
        found AS (
          SELECT brand.name, CASE WHEN catalog_fulltext_matches(q) THEN q::text END AS tsquery
          FROM brand, websearch_to_tsquery('russian', brand.name) q),
        fixed AS (
          SELECT string_agg(coalesce(
                   CASE WHEN u.correct THEN (SELECT t.term FROM search_terms t WHERE t.term % u.word
                                             ORDER BY similarity(t.term, u.word) DESC, t.weight DESC LIMIT 1) END,
                   u.word), ' ' ORDER BY u.i) AS text
          FROM unnest(${pgArray(words)}::text[], ${`{${words.map((w) => (w.length >= 3 ? 't' : 'f')).join(',')}}`}::bool[])
               WITH ORDINALITY AS u(word, correct, i)
          WHERE NOT EXISTS (SELECT 1 FROM found WHERE found.tsquery IS NOT NULL))
        SELECT (SELECT name FROM found) AS brand, (SELECT tsquery FROM found) AS brand_tsquery,
               fixed.text AS corrected,
               CASE WHEN fixed.text <> ${lower} THEN
                 (SELECT CASE WHEN catalog_fulltext_matches(q) THEN q::text END
                  FROM websearch_to_tsquery('russian', fixed.text) q) END AS corrected_tsquery,
               ${aliases} AS aliases
        FROM fixed`,
  );
  const list = typeof row?.aliases === 'string' ? (JSON.parse(row.aliases) as Alias[] | null) : row?.aliases;
  return {
    brand: row?.brand ?? undefined,
    brandTsquery: row?.brand_tsquery ?? undefined,
    corrected: row?.corrected ?? lower,
    correctedTsquery: row?.corrected_tsquery ?? undefined,
    aliases: withAliases ? (list ?? []) : undefined,
  };
}

/** Something like an article: letters and digits (at least 5 digits), maybe a dash, no spaces. */
const ARTICLE = /^(?=(?:[^\d]*\d){5})[a-z0-9][a-z0-9-]{4,39}$/i;

const articleMatches = async (db: Database, text: string) =>
  (
    await readRows<{ found: boolean }>(db, sql`SELECT EXISTS (${articleIdsSql(text.toLowerCase())}) AS found`)
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
