// pg_trgm's `similarity`, `word_similarity` and `%` computed in memory, so that the typo suggestions
// (`suggestTypoSql`) are answered from the terms the token index holds (decision 086) with exactly
// the database's answer. What it copies from pg_trgm (contrib/pg_trgm/trgm_op.c):
//
// - words: runs of the database's word characters (alphanumerics of its ctype locale); each word
//   lowercased, padded with two spaces before and one after, and cut into every three consecutive
//   characters;
// - a trigram of three one-byte characters is its bytes; any other is the legacy CRC-32 of its UTF-8
//   bytes, of which the three bytes first in memory (little-endian: the low three) are kept — so
//   two different trigrams may collide, as in the database;
// - `similarity(a, b)`: common distinct trigrams / (distinct of a + distinct of b − common), a
//   float4; `a % b` is `similarity(a, b) >= pg_trgm.similarity_threshold`;
// - `word_similarity(q, t)`: the best of that ratio between q's trigrams and a run of t's trigrams
//   bounded by trigrams of q (`iterate_word_similarity`, copied step for step), a float4.
//
// Which characters are word characters, and what lowercasing gives, is the database's (its locale):
// `TrigramTerms.build` takes the database's own trigrams (`show_trgm`) of every term and of each
// character that may appear in a query, and refuses (undefined) when its own differ for any term;
// a query holding a character the database was not asked about is left to the SQL.

/** The legacy CRC-32 (`COMP_LEGACY_CRC32`): the reflected table, shifted the normal way. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

/** The UTF-8 bytes of one code point, appended to `out`. */
function utf8(cp: number, out: number[]): void {
  if (cp < 0x80) out.push(cp);
  else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
  else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
}

const bytes: number[] = [];

/**
 * A trigram as pg_trgm keeps it (`compact_trigram`), as the number `show_trgm` prints in hex:
 * its three bytes, first byte highest.
 */
export function trigramKey(a: number, b: number, c: number): number {
  bytes.length = 0;
  utf8(a, bytes);
  utf8(b, bytes);
  utf8(c, bytes);
  let b0: number, b1: number, b2: number;
  if (bytes.length === 3) [b0, b1, b2] = bytes as [number, number, number];
  else {
    let crc = 0xffffffff;
    for (const byte of bytes) crc = (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]! ^ (crc << 8)) >>> 0;
    crc = (crc ^ 0xffffffff) >>> 0;
    [b0, b1, b2] = [crc & 0xff, (crc >>> 8) & 0xff, (crc >>> 16) & 0xff];
  }
  return (b0 << 16) | (b1 << 8) | b2;
}

/** A trigram as `show_trgm` prints it (three characters, or `0x` and six hex digits), as a key. */
export function keyOfShown(shown: string): number {
  if (/^0x[0-9a-f]{6}$/.test(shown)) return Number.parseInt(shown.slice(2), 16);
  const cps = [...shown].map((ch) => ch.codePointAt(0)!);
  return cps.length === 3 ? trigramKey(cps[0]!, cps[1]!, cps[2]!) : -1;
}

const SPACE = 0x20;

/**
 * The trigrams of `text` in order, repeats kept (`generate_trgm_only`), given the database's word
 * characters (code points).
 */
export function trigramsOf(text: string, isWord: (cp: number) => boolean): number[] {
  const out: number[] = [];
  const cps = [...text].map((ch) => ch.codePointAt(0)!);
  for (let i = 0; i < cps.length;) {
    if (!isWord(cps[i]!)) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < cps.length && isWord(cps[end]!)) end += 1;
    const word = String.fromCodePoint(...cps.slice(i, end)).toLowerCase();
    const padded = [SPACE, SPACE, ...[...word].map((ch) => ch.codePointAt(0)!), SPACE];
    for (let k = 0; k + 2 < padded.length; k++)
      out.push(trigramKey(padded[k]!, padded[k + 1]!, padded[k + 2]!));
    i = end;
  }
  return out;
}

/** `CALCSML`: a float4 ratio. */
const ratio = (count: number, len1: number, len2: number) => Math.fround(count / (len1 + len2 - count));

/** A term's trigrams: in order as local ids (`ids`), and each local id's trigram (`distinct`). */
type TermTrigrams = { ids: Int32Array; distinct: Int32Array };

function termTrigrams(keys: readonly number[]): TermTrigrams {
  const local = new Map<number, number>();
  const ids = new Int32Array(keys.length);
  keys.forEach((key, i) => {
    let id = local.get(key);
    if (id === undefined) local.set(key, (id = local.size));
    ids[i] = id;
  });
  return { ids, distinct: Int32Array.from(local.keys()) };
}

/** pg_trgm's `similarity` of a term and a query (its distinct trigrams). */
function similarity(term: TermTrigrams, query: ReadonlySet<number>): number {
  const len1 = term.distinct.length;
  if (len1 === 0 || query.size === 0) return 0;
  let count = 0;
  for (const key of term.distinct) if (query.has(key)) count += 1;
  return ratio(count, len1, query.size);
}

/**
 * pg_trgm's `word_similarity(query, term)`: `calc_word_similarity` and `iterate_word_similarity`
 * without flags, over the term's trigrams (`found`: whether each of the term's distinct trigrams is
 * one of the query's; `lastpos` indexed by the term's local ids).
 */
function wordSimilarity(term: TermTrigrams, query: ReadonlySet<number>): number {
  const ulen1 = query.size;
  const { ids, distinct } = term;
  const found = new Uint8Array(distinct.length);
  let any = false;
  distinct.forEach((key, id) => {
    if (query.has(key)) found[id] = 1;
    any ||= found[id] === 1;
  });
  if (!any) return 0;
  const lastpos = new Int32Array(distinct.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let max = 0;
  for (let i = 0; i < ids.length; i++) {
    const t = ids[i]!;
    if (lower >= 0 || found[t]) {
      if (lastpos[t]! < 0) {
        ulen2 += 1;
        if (found[t]) count += 1;
      }
      lastpos[t] = i;
    }
    if (!found[t]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = ratio(count, ulen1, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const tmp = ratio(tmpCount, ulen1, tmpUlen2);
      if (tmp > current) {
        current = tmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = ids[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2 -= 1;
        if (found[tt]) tmpCount -= 1;
      }
    }
    max = Math.max(max, current);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = ids[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  return max;
}

/** The database's trigrams of one text (`show_trgm`), as keys. */
export type ShownTrigrams = readonly string[];

const sameSet = (mine: readonly number[], shown: ShownTrigrams) => {
  const a = new Set(mine);
  const b = new Set(shown.map(keyOfShown));
  return a.size === b.size && [...a].every((key) => b.has(key));
};

/**
 * The suggestion terms with their trigrams, and the trigram postings (trigram → the terms holding
 * it), for the typo statement's answer from memory.
 */
export class TrigramTerms {
  private constructor(
    private readonly terms: TermTrigrams[],
    private readonly postings: Map<number, number[]>,
    /** Code points whose trigrams the database gave (each alone), and which of them are word characters. */
    private readonly known: Set<number>,
    private readonly words: Set<number>,
    private readonly threshold: number,
  ) {}

  /**
   * From the terms (in the suggestions' order), the database's trigrams of each (`show_trgm`), the
   * database's trigrams of single characters (`probe`: character → `show_trgm` of it) and
   * `pg_trgm.similarity_threshold` as the database reports it (null: unset, the default 0.3).
   * Undefined when the database's trigrams of any term differ from the ones computed here, or the
   * threshold is not a number in (0, 1] (then the statement answers).
   */
  static build(
    terms: readonly string[],
    shown: readonly ShownTrigrams[],
    probe: ReadonlyMap<string, ShownTrigrams>,
    threshold: string | null,
  ): TrigramTerms | undefined {
    const limit = threshold === null ? 0.3 : Number(threshold);
    if (!(limit > 0 && limit <= 1)) return undefined;
    const known = new Set<number>();
    const words = new Set<number>();
    for (const [ch, trigrams] of probe) {
      const cp = ch.codePointAt(0)!;
      if ([...ch].length !== 1) continue;
      const word = trigrams.length > 0;
      // The character alone, cut as here with the database's answer on whether it is a word
      // character, must give the database's trigrams: its lowercase is the same here.
      if (
        !sameSet(
          trigramsOf(ch, () => word),
          trigrams,
        )
      )
        continue;
      known.add(cp);
      if (word) words.add(cp);
    }
    const isWord = (cp: number) => words.has(cp);
    const held: TermTrigrams[] = [];
    const postings = new Map<number, number[]>();
    for (const [i, term] of terms.entries()) {
      const keys = trigramsOf(term, isWord);
      if (![...term].every((ch) => known.has(ch.codePointAt(0)!)) || !sameSet(keys, shown[i] ?? []))
        return undefined;
      const trigrams = termTrigrams(keys);
      held.push(trigrams);
      for (const key of trigrams.distinct) {
        const list = postings.get(key);
        if (list) list.push(i);
        else postings.set(key, [i]);
      }
    }
    return new TrigramTerms(held, postings, known, words, limit);
  }

  /** The distinct trigrams of `text`, or undefined when it holds a character the database was not asked about. */
  private trigramSet(text: string): Set<number> | undefined {
    for (const ch of text) if (!this.known.has(ch.codePointAt(0)!)) return undefined;
    return new Set(trigramsOf(text, (cp) => this.words.has(cp)));
  }

  /**
   * pg_trgm's `similarity(a, b)` (decision 089: a typo's closest brand, `typoProbe`'s `brand`);
   * undefined when either text holds a character the database was not asked about.
   */
  similarity(a: string, b: string): number | undefined {
    const x = this.trigramSet(a);
    const y = this.trigramSet(b);
    if (!x || !y) return undefined;
    if (x.size === 0 || y.size === 0) return 0;
    let count = 0;
    for (const key of x) if (y.has(key)) count += 1;
    return ratio(count, x.size, y.size);
  }

  /**
   * The index of the term `typoProbe` puts in place of `word`: the most similar with `term % word`,
   * ties by the terms' order (weight, then term, as its statement orders them); null when no
   * term is similar enough; undefined when the word holds a character the database was not asked
   * about (decision 089).
   */
  nearest(word: string): number | null | undefined {
    const query = this.trigramSet(word);
    if (!query) return undefined;
    const candidates = new Set<number>();
    for (const key of query) for (const i of this.postings.get(key) ?? []) candidates.add(i);
    let best: number | null = null;
    let bestSim = -1;
    for (const i of candidates) {
      const sim = similarity(this.terms[i]!, query);
      if (sim >= this.threshold && (sim > bestSim || (sim === bestSim && i < best!))) {
        best = i;
        bestSim = sim;
      }
    }
    return best;
  }

  /**
   * What `suggestTypoSql` selects for `lower` and its other alphabet `other`: the indexes (in the
   * suggestions' order) of the first `limit` terms with `term % q` or `word_similarity(q, term) >
   * 0.45` for either, by the greater word similarity, then the terms' order. Undefined when a query
   * holds a character the database was not asked about.
   */
  closest(lower: string, other: string, limit: number): number[] | undefined {
    for (const ch of lower + other) if (!this.known.has(ch.codePointAt(0)!)) return undefined;
    const isWord = (cp: number) => this.words.has(cp);
    const queries = [new Set(trigramsOf(lower, isWord)), new Set(trigramsOf(other, isWord))];
    // A term sharing no trigram with either query has similarity and word similarity 0: it is not
    // selected (the threshold is above 0).
    const candidates = new Set<number>();
    for (const query of queries)
      for (const key of query) for (const i of this.postings.get(key) ?? []) candidates.add(i);
    const found: { i: number; sim: number }[] = [];
    for (const i of candidates) {
      const term = this.terms[i]!;
      const [ws1, ws2] = queries.map((query) => wordSimilarity(term, query)) as [number, number];
      if (queries.some((query) => similarity(term, query) >= this.threshold) || ws1 > 0.45 || ws2 > 0.45)
        found.push({ i, sim: Math.max(ws1, ws2) });
    }
    found.sort((a, b) => b.sim - a.sim || a.i - b.i);
    return found.slice(0, limit).map(({ i }) => i);
  }
}
