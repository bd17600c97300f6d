// Search planning: whether a search string runs as Russian full text (possibly typo-corrected
// word by word) or, when that finds nothing, as trigram similarity on titles.
import { sql, type SQL } from 'drizzle-orm';
import { readRows, type Database } from '../../db/client.ts';
import { pgArray, type ListingFilters } from './listing.sql.ts';
import type { LogRow, TokenIndex } from './token-index.ts';
import { tokenIndexOf } from './token-indexes.ts';

/**
 * Full text when it finds anything; otherwise trigram similarity (typos, transliterations);
 * `article` when the text is a product's article (its Poizon spu or a variant's sku).
 */
export type SearchMode = 'fulltext' | 'trigram' | 'article';
/**
 * How a search string is run: its (possibly typo-corrected) text and the matching mode; for full
 * text, also the `tsquery` it makes as text (`websearch_to_tsquery(…)::text`, for the token index).
 */
export type SearchPlan = {
  mode: SearchMode;
  text: string;
  tsquery?: string;
  /**
   * Set when the plan was made from the token index without a statement (`planSearch`'s
   * `unconfirmed`): the catalogue stamp it holds for. The caller confirms it by a statement of its
   * own that reads the same stamp, or plans again (decision 089).
   */
  asOf?: string;
};
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

/** A brand as `brandsJson` gives it: its name, its aliases as written, its popularity. */
type Brand = [name: string, aliases: string[] | null, popularity: number];

/**
 * The brands as this process last read them, per database: the md5 of their JSON, the list in
 * `typoProbe`'s order (popularity, then name), their aliases longest first (`withBrandNames`), and
 * the catalogue stamp they were read at, when it is known (decision 089).
 */
type KeptBrands = { md5: string; brands: Brand[]; aliases: Alias[]; stamp?: string | undefined };
const keptBrands = new WeakMap<Database, KeptBrands>();

/** The brands' JSON as a statement read it, kept with its md5 (and the stamp it was read at). */
function keepBrands(db: Database, md5: string, json: Brand[] | string | null, stamp?: string): KeptBrands {
  const brands = (typeof json === 'string' ? (JSON.parse(json) as Brand[] | null) : json) ?? [];
  const aliases = brands
    .flatMap(([name, list]) => (list ?? []).map((a) => ({ name, alias: a.toLowerCase() })))
    .sort((x, y) => y.alias.length - x.alias.length);
  const kept = { md5, brands, aliases, stamp };
  keptBrands.set(db, kept);
  return kept;
}

/**
 * Texts' full-text queries (`websearch_to_tsquery('russian', text)::text`) as the database gave
 * them, per database: the same text always makes the same query under the same configuration,
 * which only a migration changes (and the API restarts after one). At most MEMO_LIMIT kept.
 */
const tsqueries = new WeakMap<Database, Map<string, string>>();
const MEMO_LIMIT = 5_000;

function memoOf(db: Database): Map<string, string> {
  let memo = tsqueries.get(db);
  if (!memo) tsqueries.set(db, (memo = new Map<string, string>()));
  return memo;
}

function remember(db: Database, text: string, tsquery: string): void {
  const memo = memoOf(db);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(text, tsquery);
}

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
  const kept = keptBrands.get(db);
  const guess = kept ? withBrandNames(kept.aliases, text) : undefined;
  const same = sql`a.md5 = ${kept?.md5 ?? ''}`;
  const [row] = await readRows<{
    md5: string;
    brands: Brand[] | string | null;
    tsquery: string | null;
    guess: string | null;
  }>(
    db,
    sql`SELECT a.md5, CASE WHEN NOT ${same} THEN a.list END AS brands,
               ${guess === undefined || guess === text ? probed(typed) : sql`CASE WHEN NOT ${same} THEN ${probed(typed)} END`} AS tsquery,
               ${guess === undefined || guess === text ? sql`NULL` : sql`CASE WHEN ${same} THEN ${probed(sql`websearch_to_tsquery('russian', ${guess})`)} END`} AS guess
        FROM (SELECT coalesce(md5(l.list::text), '') AS md5, l.list FROM (SELECT ${brandsJson} AS list OFFSET 0) l OFFSET 0) a`,
  );
  const tsquery = row?.tsquery ?? undefined;
  if (kept && row?.md5 === kept.md5)
    return {
      tsquery,
      aliases: kept.aliases,
      ...(guess !== undefined && guess !== text
        ? { guess: { text: guess, tsquery: row.guess ?? undefined } }
        : {}),
    };
  if (!row) return { tsquery, aliases: [] };
  return { tsquery, aliases: keepBrands(db, row.md5, row.brands).aliases };
}

/**
 * Every brand as JSON (`Brand`: name, aliases, popularity), by popularity then name: the aliases
 * for `withBrandNames` and the brands for a typo's closest brand from memory (decision 089).
 */
const brandsJson = sql`(SELECT json_agg(json_build_array(b.name, b.aliases, b.popularity) ORDER BY b.popularity DESC, b.name)
           FROM brands b)`;

/**
 * Plans a search: full text if it matches any product; else the closest brand's name, or full text
 * with each word replaced by the closest suggestion term (typos: «кросовки» → «кроссовки»); else,
 * as a last resort, trigram similarity on titles.
 *
 * Made from this instance's token index when it is loaded (decision 089): its products' lexemes
 * say whether a query matches, its suggestion terms give the corrections, and the brands this
 * process keeps give the aliases and the closest brand. Only the texts' queries come from the
 * database (`websearch_to_tsquery`, kept per text), read in one statement with the index's change
 * log and the brands' md5, so that the plan holds as of that statement. With `unconfirmed`, when
 * every query is already known and the brands were read at the stamp the index is exact at, no
 * statement at all: the plan carries that stamp (`asOf`) and the caller confirms it with its own
 * log read, or plans again. Else, and with `tokenIndex: false`, in SQL (`planInSql`).
 */
export async function planSearch(
  db: Database,
  filters: ListingFilters,
  {
    tokenIndex = tokenIndexOf(db),
    unconfirmed = false,
  }: { tokenIndex?: TokenIndex | false | undefined; unconfirmed?: boolean } = {},
): Promise<SearchPlan | undefined> {
  const typed = searchText(filters);
  if (!typed) return undefined;
  if (ARTICLE.test(typed) && (await articleMatches(db, typed))) return { mode: 'article', text: typed };
  const planned = tokenIndex ? await planFromIndex(db, typed, tokenIndex, unconfirmed) : undefined;
  return planned ?? planInSql(db, typed);
}

/** `planSearch` from the token index; undefined when memory cannot tell (then in SQL). */
async function planFromIndex(
  db: Database,
  typed: string,
  index: TokenIndex,
  unconfirmed: boolean,
): Promise<SearchPlan | undefined> {
  const kept = keptBrands.get(db);
  // The brands are read in SQL by the first search; typos need the terms in memory.
  if (!kept || !index.typosInMemory) return undefined;
  const memo = memoOf(db);
  const first = decide(index, typed, kept, memo);
  if (first === undefined) return undefined;
  if (
    unconfirmed &&
    'plan' in first &&
    kept.stamp !== undefined &&
    index.exactAt === kept.stamp &&
    index.logRead() !== undefined
  )
    return { ...first.plan, asOf: kept.stamp };
  // One statement; a second only when it brought new brands or terms that name texts whose
  // queries are not known yet.
  let next: ReturnType<typeof decide> = first;
  for (let round = 0; round < 2; round++) {
    const planned = await planRead(db, typed, index, next);
    if (planned === undefined || 'plan' in planned) return planned?.plan;
    next = planned;
  }
  return undefined;
}

/**
 * `planFromIndex`'s statement: the texts' queries `decided` misses, the index's log and the
 * brands' md5 (the brands when they changed); then the choice again. Undefined when memory cannot tell.
 */
async function planRead(
  db: Database,
  typed: string,
  index: TokenIndex,
  decided: { plan: SearchPlan } | { missing: string[] },
): Promise<{ plan: SearchPlan } | { missing: string[] } | undefined> {
  const kept = keptBrands.get(db)!;
  const memo = memoOf(db);
  const read = index.logRead();
  if (!read) return undefined;
  const texts = 'missing' in decided ? decided.missing : [];
  const [row] = await readRows<LogRow & { md5: string; brands: Brand[] | string | null } & Record<string, string>>(
    db,
    sql`SELECT ${read.columns}, b.md5, CASE WHEN b.md5 <> ${kept.md5} THEN b.list END AS brands${sql.join(
      texts.map((text, i) => sql`, websearch_to_tsquery('russian', ${text})::text AS ${sql.raw(`q${i}`)}`),
    )}
        FROM (SELECT coalesce(md5(l.list::text), '') AS md5, l.list FROM (SELECT ${brandsJson} AS list OFFSET 0) l OFFSET 0) b`,
  );
  if (!row) return undefined;
  texts.forEach((text, i) => remember(db, text, row[`q${i}`] ?? ''));
  const brands =
    row.md5 === kept.md5 ? Object.assign(kept, { stamp: row.log_stamp ?? undefined }) : keepBrands(db, row.md5, row.brands, row.log_stamp ?? undefined);
  // The log held changes the index had not read: it reads them now (the plan is then as of that read).
  if (!index.absorb(read, row) && !(await index.sync(db))) return undefined;
  return decide(index, typed, brands, memo);
}

/** Whether a text holds Cyrillic letters. */
const cyrillic = (t: string) => /[а-яё]/i.test(t);

/**
 * `planInSql`'s choice made in memory: the plan, or the texts whose full-text queries are not known
 * yet (to be read, with every text the choice may need, in one statement), or undefined when
 * memory cannot tell (a query the index does not read, a character the terms' trigrams do not cover).
 */
function decide(
  index: TokenIndex,
  typed: string,
  kept: KeptBrands,
  memo: ReadonlyMap<string, string>,
): { plan: SearchPlan } | { missing: string[] } | undefined {
  const text = withBrandNames(kept.aliases, typed);
  const fulltext = (t: string): { plan: SearchPlan } => ({ plan: { mode: 'fulltext', text: t, tsquery: memo.get(t)! } });
  const known = memo.get(text);
  if (known !== undefined) {
    const matches = index.matchesAny(known);
    if (matches === undefined) return undefined;
    if (matches) return fulltext(text);
  }
  const typo = typoInMemory(index, typed, text, kept);
  if (!typo) return known === undefined ? { missing: [text] } : undefined;
  const candidates = [typo.brand, typo.fixed].filter((t): t is string => t !== undefined);
  const missing = [text, ...candidates].filter((t) => !memo.has(t));
  if (missing.length) return { missing };
  // As `planInSql`: the closest brand when full text finds it, else the corrected words.
  for (const candidate of candidates) {
    const matches = index.matchesAny(memo.get(candidate)!);
    if (matches === undefined) return undefined;
    if (matches) return fulltext(candidate);
  }
  return { plan: { mode: 'trigram', text } };
}

/**
 * `typoProbe`'s candidates from memory: the brand closest to the text as typed (similarity ≥ 0.4
 * to its name or an alias; ties by popularity, then name) and the text with each of its first 8
 * words of 3 letters or more replaced by the closest suggestion term, with brands' names put in
 * for their aliases, when it differs from the text. Undefined when memory cannot tell.
 */
function typoInMemory(
  index: TokenIndex,
  typed: string,
  text: string,
  kept: KeptBrands,
): { brand?: string; fixed?: string } | undefined {
  const lowerTyped = typed.toLowerCase();
  let brand: string | undefined;
  let best = -1;
  for (const [name, aliases] of kept.brands)
    for (const alias of [...(aliases ?? []), name]) {
      const sim = index.similarity(alias.toLowerCase(), lowerTyped);
      if (sim === undefined) return undefined;
      if (sim >= 0.4 && sim > best) {
        best = sim;
        brand = name;
      }
    }
  const lower = text.toLowerCase();
  const words: string[] = [];
  for (const word of lower.split(' ').slice(0, 8)) {
    const term = word.length >= 3 ? index.typoTerm(word) : null;
    if (term === undefined) return undefined;
    words.push(term ?? word);
  }
  const joined = words.join(' ');
  const fixed = cyrillic(joined) ? withBrandNames(kept.aliases, joined) : joined;
  return { brand, ...(fixed !== lower ? { fixed } : {}) };
}

/** `planSearch` in SQL: the probes of the text as typed, then of a typo's candidates. */
async function planInSql(db: Database, typed: string): Promise<SearchPlan> {
  // A brand written in Cyrillic («томми хилфигер», «джордан») or misspelt («адидос») is searched
  // as the brand's own name: the Russian stemmer cuts «томми» to «томм», which the brand's
  // aliases (indexed as typed) never match (issue 27).
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
  const brands = withAliases ? brandsJson : sql`NULL::json`;
  const [row] = await readRows<{
    brand: string | null;
    brand_tsquery: string | null;
    corrected: string | null;
    corrected_tsquery: string | null;
    brands: Brand[] | string | null;
    md5: string | null;
  }>(
    db,
    sql`WITH brand AS (
          SELECT b.name FROM brands b, unnest(b.aliases || lower(b.name)) a
          WHERE similarity(lower(a), ${typed.toLowerCase()}) >= 0.4
          ORDER BY similarity(lower(a), ${typed.toLowerCase()}) DESC, b.popularity DESC, b.name LIMIT 1),
        found AS (
          SELECT brand.name, CASE WHEN catalog_fulltext_matches(q) THEN q::text END AS tsquery
          FROM brand, websearch_to_tsquery('russian', brand.name) q),
        fixed AS (
          SELECT string_agg(coalesce(
                   CASE WHEN u.correct THEN (SELECT t.term FROM search_terms t WHERE t.term % u.word
                                             ORDER BY similarity(t.term, u.word) DESC, t.weight DESC, t.term LIMIT 1) END,
                   u.word), ' ' ORDER BY u.i) AS text
          FROM unnest(${pgArray(words)}::text[], ${`{${words.map((w) => (w.length >= 3 ? 't' : 'f')).join(',')}}`}::bool[])
               WITH ORDINALITY AS u(word, correct, i)
          WHERE NOT EXISTS (SELECT 1 FROM found WHERE found.tsquery IS NOT NULL))
        SELECT (SELECT name FROM found) AS brand, (SELECT tsquery FROM found) AS brand_tsquery,
               fixed.text AS corrected,
               CASE WHEN fixed.text <> ${lower} THEN
                 (SELECT CASE WHEN catalog_fulltext_matches(q) THEN q::text END
                  FROM websearch_to_tsquery('russian', fixed.text) q) END AS corrected_tsquery,
               b.list AS brands, coalesce(md5(b.list::text), '') AS md5
        FROM fixed, (SELECT ${brands} AS list OFFSET 0) b`,
  );
  const list = withAliases ? keepBrands(db, row?.md5 ?? '', row?.brands ?? null).aliases : undefined;
  return {
    brand: row?.brand ?? undefined,
    brandTsquery: row?.brand_tsquery ?? undefined,
    corrected: row?.corrected ?? lower,
    correctedTsquery: row?.corrected_tsquery ?? undefined,
    aliases: list,
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
