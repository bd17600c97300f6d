// The per-instance token index (docs/decisions/036): every published product's facet tokens
// (`products.facet_tokens`, migration 0012) in memory, with one posting list per token, so that
// the facets of any selection and the products matching several filter kinds are computed here
// instead of by the database reading thousands of scattered rows of a wide table. It also keeps
// each product's search words (the lexemes of `products.search`), so that the products matching a
// full-text search of plain words (`&`, `|`, `!`) are found here too, for the facets of a search.
//
// Freshness: statement triggers on `products` log every product whose tokens, publication or sort
// keys changed (migrations 0013, 0023), with the writer's transaction id (`catalog_changes`, migration 0013). Before answering,
// `sync()` reads one snapshot's oldest running transaction and the log rows of every transaction
// not finished at the previous read, and reloads those products: an answer from the index is as
// fresh as a query started at that moment, on every instance (a rolled back write logs nothing).
// Until the first load has finished (seconds at a million products), `sync()` answers false and
// callers run their SQL as before.
//
// It holds product ids, facet tokens, search lexemes and the four sort keys (popularity, sales,
// min_price, published_at: decision 070) of published products and nothing else — no shown
// price, stock or anything of a shopper.
import type { Sorting } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, readRows, type Database } from '../../db/client.ts';
import { catalogStampSql } from './catalog-stamp.ts';
import {
  FILTER_KINDS,
  facetTokens,
  TOKEN_PREFIX,
  type FilterKind,
  type ListingFilters,
} from './listing.sql.ts';
import { TrigramTerms } from './trigram.ts';
import { indexes, tokenIndexOf } from './token-indexes.ts';

/**
 * Characters whose trigrams the database is asked for with the terms (decision 086): a query made
 * only of these and the terms' own characters has its typos answered from memory. Printable ASCII
 * and the Cyrillic block.
 */
const PROBE =
  String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i)) +
  String.fromCharCode(...Array.from({ length: 0x500 - 0x400 }, (_, i) => 0x400 + i));

/** Products read per statement while loading. */
const LOAD_CHUNK = 50_000;
/** Log rows of transactions finished this long ago are deleted (by an instance running that long). */
const PRUNE_AFTER_MS = 60 * 60_000;
/** An instance that has not read the log for this long reloads everything instead. */
const STALE_AFTER_MS = 30 * 60_000;

const KIND_INDEX = new Map<string, number>(FILTER_KINDS.map((k, i) => [TOKEN_PREFIX[k], i]));

/**
 * Entries per product in each filter kind's column of `TokenStore.columns` (FILTER_KINDS' order):
 * categories (a leaf and its parents), colours (one per variant: repeated), sizes, one brand, one
 * fit. A product with more codes of a kind than its width has that kind's codes read from the pool.
 */
const WIDTH = [3, 4, 8, 1, 1];
/**
 * A column's first entry when the product's codes of that kind are more than the width (read from
 * the pool). Other entries hold a code + 1, or 0 past the product's last code of the kind.
 */
const SPILLED = 0xffff;
/**
 * Products per block of the facet store's `blockCounts` (decision 085): 1,024 ordinals, 32 words of
 * a bitset. A selection holding every published product of a block adds the block's counts.
 */
const BLOCK_SHIFT = 10;
const BLOCK_WORDS = 1 << (BLOCK_SHIFT - 5);
/** Entries of a product's slot in `TokenStore.slots`, and the first one's value when its codes are in the pool. */
const SLOT = 16;
const OVERFLOW = 0xffff;

/**
 * Adds one to `counts[code + 1]` for each code, of every kind, of each of the first `n` products of
 * `ids`, from their slots (one cache line a product; the pool for a product without one): for a
 * sparse selection asking many kinds, where a column per kind costs a cache line each.
 */
function countSlots(ids: Int32Array, n: number, store: TokenStore, counts: Int32Array): void {
  const { slots, pool, offset, length } = store;
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    const base = id * SLOT;
    if (slots && slots[base] !== OVERFLOW) {
      const to = base + 1 + slots[base]!;
      for (let e = base + 1; e < to; e++) counts[slots[e]! + 1]! += 1;
    } else {
      const to = offset[id]! + length[id]!;
      for (let e = offset[id]!; e < to; e++) counts[pool[e]! + 1]! += 1;
    }
  }
}

/**
 * Adds one to `counts[code + 1]` for each code of kind `kind` (index in FILTER_KINDS) of product
 * `id`, read from the pool (a product whose codes of the kind did not fit its column, or a store
 * without columns).
 */
function countFromPool(id: number, store: TokenStore, kind: number, counts: Int32Array): void {
  const { pool, offset, length, kindOfCode } = store;
  const to = offset[id]! + length[id]!;
  for (let i = offset[id]!; i < to; i++) {
    const code = pool[i]!;
    if (kindOfCode[code] === kind) counts[code + 1]! += 1;
  }
}

/**
 * Adds one to `counts[code + 1]` for each code of kind `kind` (index in FILTER_KINDS) of each of
 * the first `n` products of `ids` — the hot loop of facets (decision 080). A product's codes of a
 * kind are read from that kind's column (a few bytes a product, megabytes a column), every entry
 * counted (an empty one adds to `counts[0]`, which nobody reads): no branch on what memory holds,
 * so the processor has many products' reads in flight at once where a sparse selection's products
 * are far apart in memory.
 */
function countColumn(ids: Int32Array, n: number, store: TokenStore, kind: number, counts: Int32Array): void {
  const columns = store.columns;
  if (!columns) {
    for (let i = 0; i < n; i++) countFromPool(ids[i]!, store, kind, counts);
    return;
  }
  const column = columns[kind]!;
  const width = WIDTH[kind]!;
  if (width === 1) {
    for (let i = 0; i < n; i++) {
      const entry = column[ids[i]!]!;
      if (entry === SPILLED) countFromPool(ids[i]!, store, kind, counts);
      else counts[entry]! += 1;
    }
    return;
  }
  for (let i = 0; i < n; i++) {
    const base = ids[i]! * width;
    if (column[base] === SPILLED) {
      countFromPool(ids[i]!, store, kind, counts);
      continue;
    }
    for (let e = base, end = base + width; e < end; e++) counts[column[e]!]! += 1;
  }
}

/** Products a walk tests in its first union at once (`TokenIndex.walkOrder`). */
const WALK_CHUNK = 256;

/**
 * Keeps, in order, those of the first `n` products (ordinals) of `ids` in the OR of `parts`, and answers how
 * many: one read of each part per product, no branch on what they hold (`TokenIndex.walkOrder`).
 */
function keepIn(parts: readonly Uint32Array[], ids: Int32Array, n: number): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    const w = id >>> 5;
    let x = 0;
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p]!;
      if (w < part.length) x |= part[w]!;
    }
    ids[m] = id;
    m += (x >>> (id & 31)) & 1;
  }
  return m;
}

/**
 * Calls `visit` with every product (ordinal) in the intersection of `unions`, in order, while it
 * answers true. Each union is the bitsets whose OR it is (a filtered kind's postings as they are
 * kept): word by word, the first union's OR and then each next one's while anything is left, so no
 * kind's OR is ever written out (decision 074: ORing and clearing whole bitsets of a million
 * products per request was most of a combined-filter page's cost). Missing words are 0. Only the
 * blocks `commonBlocks` finds are read (decision 087): where some union has never held a product,
 * the intersection is empty.
 */
function forEachInUnions(
  unions: readonly Union[],
  visit: (id: number) => boolean,
  words = unionsWords(unions),
  blocks = commonBlocks(unions, words),
): boolean {
  const k = unions.length;
  const first = unions[0]!.parts;
  for (let b = 0; b < blocks.length; b++) {
    let y = blocks[b]!;
    while (y !== 0) {
      const low = y & -y;
      y ^= low;
      const from = ((b << 5) + 31 - Math.clz32(low)) * BLOCK_WORDS;
      const to = Math.min(words, from + BLOCK_WORDS);
      for (let w = from; w < to; w++) {
        let x = unionWord(first, w);
        for (let j = 1; j < k && x !== 0; j++) x &= unionWord(unions[j]!.parts, w);
        while (x !== 0) {
          const bit = x & -x;
          if (!visit((w << 5) + 31 - Math.clz32(bit))) return false;
          x ^= bit;
        }
      }
    }
  }
  return true;
}

/** The words of `unions`' intersection that may be non-zero: each union's longest part, the shortest of them. */
function unionsWords(unions: readonly Union[]): number {
  let words = Infinity;
  for (const { parts } of unions) {
    let longest = 0;
    for (const part of parts) longest = Math.max(longest, part.length);
    words = Math.min(words, longest);
  }
  return words === Infinity ? 0 : words;
}

/**
 * The blocks (of BLOCK_WORDS words) of the first `words` words where every union may hold a
 * product, as a bitset of blocks: each union's parts' marks ORed (a part without marks: every
 * block), then ANDed across the unions — a few tens of words at a million products. Products
 * numbered by root category and brand (decision 085) make a category's or a brand's blocks few.
 */
function commonBlocks(unions: readonly Union[], words: number): Uint32Array {
  const n = ((words + BLOCK_WORDS - 1) >>> (BLOCK_SHIFT - 5) >>> 5) + 1;
  const common = new Uint32Array(n).fill(0xffffffff);
  const union = new Uint32Array(n);
  for (const { parts, marks } of unions) {
    union.fill(0);
    for (let p = 0; p < parts.length; p++) {
      const m = marks?.[p];
      if (!m) {
        union.fill(0xffffffff);
        break;
      }
      for (let i = 0; i < n && i < m.length; i++) union[i]! |= m[i]!;
    }
    for (let i = 0; i < n; i++) common[i]! &= union[i]!;
  }
  // No block at or past `words`.
  const blocks = (words + BLOCK_WORDS - 1) >>> (BLOCK_SHIFT - 5);
  for (let b = blocks; b < n * 32; b++) common[b >>> 5]! &= ~(1 << (b & 31));
  return common;
}

/** Words of the blocks set in `blocks` (from `commonBlocks`), at most `words`. */
function blocksWords(blocks: Uint32Array, words: number): number {
  let n = 0;
  for (let i = 0; i < blocks.length; i++) n += popcount(blocks[i]!);
  return Math.min(words, n * BLOCK_WORDS);
}

/** Word `w` of the OR of `parts` (0 past a part's end). */
function unionWord(parts: readonly Uint32Array[], w: number): number {
  let x = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (w < part.length) x |= part[w]!;
  }
  return x;
}

/** The products of one filtered kind or search word: the bitsets whose OR they are, and how many at most. */
type Union = { parts: Uint32Array[]; size: number; marks?: (Uint32Array | undefined)[] };

/** The products matching a search, as `TokenIndex.searchMatch` gives them: the words' unions, all required. */
export type SearchMatch = readonly Union[];

/** Where `selectWords` writes each selection: its bitset, non-zero words and whole blocks (decision 085). */
type Selections = {
  bits: readonly Uint32Array[];
  words: readonly Int32Array[];
  nonZero: Int32Array;
  sizes: Float64Array;
  /** Per selection, the blocks it holds whole (every published product of the block), `fullCount` of them. */
  full: readonly Int32Array[];
  fullCount: Int32Array;
  /** Per selection, its products in those blocks. */
  fullSize: Float64Array;
};

/**
 * The loop of `TokenIndex.groupSelections`, apart so that it is compiled once for every shape of
 * request: for each word, each kind's union word, then each selection's word — `within` (a search's
 * bitset, or every product) and every kind but its `skips[g]` — written to `bits[g]`, its index to
 * `words[g]` when non-zero; `nonZero[g]` and `sizes[g]` count them and their products.
 *
 * With `present` (the published products' bitset), a block of BLOCK_WORDS words whose every word
 * of a selection equals `present`'s (and holds a product) is noted in `full[g]` and its words taken
 * back out of `words[g]` (they stay in `bits[g]`): its products are counted from the block's
 * counts, not one by one (decision 085).
 */
function selectWords(
  within: Uint32Array | undefined,
  kinds: readonly (readonly Uint32Array[])[],
  marks: readonly (readonly (Uint32Array | undefined)[])[],
  skips: Int32Array,
  present: Uint32Array | undefined,
  out: Selections,
  length: number,
): void {
  const { bits, words, nonZero, sizes, full, fullCount, fullSize } = out;
  const k = kinds.length;
  const groups = bits.length;
  const word = new Int32Array(k);
  // A kind no selection skips: a word where it has no product is in no selection.
  const alone = new Uint8Array(k).fill(1);
  for (let g = 0; g < groups; g++) if (skips[g]! >= 0) alone[skips[g]!] = 0;
  const blockStart = new Int32Array(groups);
  const blockSize = new Float64Array(groups);
  const whole = new Uint8Array(groups);
  for (let g = 0; g < groups; g++) bits[g]!.fill(0, 0, length);
  for (let w = 0; w < length; w++) {
    const first = (w & (BLOCK_WORDS - 1)) === 0;
    if (first && k > 0) {
      // A block where two kinds (or one no selection skips) have none of their products marked
      // is in no selection: its words stay 0.
      const block = w >>> (BLOCK_SHIFT - 5);
      let empty = 0;
      let skipped = false;
      for (let j = 0; j < k && !skipped; j++) {
        const kindMarks = marks[j]!;
        let any = kindMarks.length < kinds[j]!.length;
        for (let i = 0; i < kindMarks.length && !any; i++) any = marked(kindMarks[i], block);
        if (!any && (empty++ > 0 || alone[j] === 1)) skipped = true;
      }
      if (skipped) {
        w += BLOCK_WORDS - 1;
        continue;
      }
    }
    const last = (w & (BLOCK_WORDS - 1)) === BLOCK_WORDS - 1 || w === length - 1;
    const allowed = within ? (w < within.length ? within[w]! | 0 : 0) : -1;
    // A product outside two kinds (or one no selection skips) is in no selection.
    let dead = allowed === 0;
    let zeros = 0;
    for (let j = 0; j < k && !dead; j++)
      if ((word[j] = unionWord(kinds[j]!, w)) === 0) {
        if (zeros > 0 || alone[j] === 1) dead = true;
        zeros += 1;
      }
    const all = present ? (w < present.length ? present[w]! | 0 : 0) : 0;
    for (let g = 0; g < groups; g++) {
      if (first) {
        blockStart[g] = nonZero[g]!;
        blockSize[g] = 0;
        whole[g] = present ? 1 : 0;
      }
      let x = dead ? 0 : allowed;
      const skip = skips[g]!;
      for (let j = 0; j < k && x !== 0; j++) if (j !== skip) x &= word[j]!;
      if (x !== 0) bits[g]![w] = x;
      if (x !== all) whole[g] = 0;
      if (x !== 0) {
        words[g]![nonZero[g]!++] = w;
        const n = popcount(x);
        sizes[g]! += n;
        blockSize[g]! += n;
      }
      if (last && whole[g] === 1 && nonZero[g]! > blockStart[g]!) {
        nonZero[g] = blockStart[g]!;
        full[g]![fullCount[g]!++] = w >>> (BLOCK_SHIFT - 5);
        fullSize[g]! += blockSize[g]!;
      }
    }
  }
}

/** Writes the ids of the products of `bits` (its non-zero words: the first `nonZero` of `words`) to `ids`; their number. */
function listIds(bits: Uint32Array, words: Int32Array, nonZero: number, ids: Int32Array): number {
  let n = 0;
  for (let k = 0; k < nonZero; k++) {
    const w = words[k]!;
    for (let x = bits[w]!; x !== 0; x &= x - 1) ids[n++] = (w << 5) + 31 - Math.clz32(x & -x);
  }
  return n;
}

/** The number of set bits of a 32-bit word. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Words of a block mark bitset (`Posting.marks`) for a bitset of `words` words. */
function marksLength(words: number): number {
  return (words >>> 10) + 1;
}

/** Whether bitset `part`'s marks (`Posting.marks`; undefined: every block) say block `block` may hold a product. */
function marked(marks: Uint32Array | undefined, block: number): boolean {
  return !marks || (block >>> 5 < marks.length && (marks[block >>> 5]! & (1 << (block & 31))) !== 0);
}

/** The products carrying one token: a set while few, a bitset of product ids once many. */
class Posting {
  small: Set<number> | undefined = new Set();
  bits: Uint32Array | undefined;
  /**
   * With `bits`: a bit per block of BLOCK_WORDS words (`marks[id >>> 15]`, bit `(id >>> 10) & 31`)
   * set once the block has held one of its products — never cleared, so a clear bit means none
   * (decision 085: `selectWords` skips the blocks where a selection can hold nothing).
   */
  marks: Uint32Array | undefined;
  size = 0;

  add(id: number, capacity: number): void {
    if (this.small) {
      if (this.small.has(id)) return;
      this.small.add(id);
      this.size += 1;
      // A bitset costs capacity / 8 bytes; a set entry about 16.
      if (this.size * 128 > capacity && capacity > 4096) {
        this.bits = new Uint32Array((capacity >>> 5) + 1);
        this.marks = new Uint32Array(marksLength(this.bits.length));
        for (const x of this.small) {
          this.bits[x >>> 5]! |= 1 << (x & 31);
          this.marks[x >>> 15]! |= 1 << ((x >>> 10) & 31);
        }
        this.small = undefined;
      }
      return;
    }
    const bits = this.grow(id);
    const mask = 1 << (id & 31);
    if (bits[id >>> 5]! & mask) return;
    bits[id >>> 5]! |= mask;
    this.marks![id >>> 15]! |= 1 << ((id >>> 10) & 31);
    this.size += 1;
  }

  delete(id: number): void {
    if (this.small) {
      if (this.small.delete(id)) this.size -= 1;
      return;
    }
    const bits = this.bits!;
    const mask = 1 << (id & 31);
    if (id >>> 5 >= bits.length || !(bits[id >>> 5]! & mask)) return;
    bits[id >>> 5]! &= ~mask;
    this.size -= 1;
  }

  /**
   * How many of this token's products are in `selection` (a bitset), reading only its words listed
   * in `words` (the non-zero ones, `count` of them).
   */
  countIn(selection: Uint32Array, words: Int32Array, count: number): number {
    let n = 0;
    if (this.small) {
      for (const id of this.small)
        if (id >>> 5 < selection.length && selection[id >>> 5]! & (1 << (id & 31))) n += 1;
      return n;
    }
    const bits = this.bits!;
    if (count === selection.length && count <= bits.length) {
      // Every word is non-zero (a broad selection): straight through.
      for (let w = 0; w < count; w++) n += popcount(selection[w]! & bits[w]!);
      return n;
    }
    for (let k = 0; k < count; k++) {
      const w = words[k]!;
      if (w >= bits.length) break;
      n += popcount(selection[w]! & bits[w]!);
    }
    return n;
  }

  /** ORs this token's products into `target` (a bitset of product ids). */
  orInto(target: Uint32Array): void {
    if (this.small) {
      for (const id of this.small) target[id >>> 5]! |= 1 << (id & 31);
      return;
    }
    const bits = this.bits!;
    const n = Math.min(bits.length, target.length);
    for (let w = 0; w < n; w++) target[w]! |= bits[w]!;
  }

  private grow(id: number): Uint32Array {
    if (id >>> 5 >= this.bits!.length) {
      const bigger = new Uint32Array(Math.max((id >>> 5) + 1, Math.ceil(this.bits!.length * 1.5)));
      bigger.set(this.bits!);
      this.bits = bigger;
      const marks = new Uint32Array(marksLength(bigger.length));
      marks.set(this.marks!);
      this.marks = marks;
    }
    return this.bits!;
  }
}

/** Tokens per product (codes in one pool) and a posting per token. */
class TokenStore {
  codeOf = new Map<string, number>();
  tokenOf: string[] = [];
  postings: Posting[] = [];
  offset: Int32Array;
  length: Uint16Array;
  /** Token codes, product after product (32 bits once a code does not fit in 16). */
  pool: Uint16Array | Int32Array;
  /**
   * With `inline`: per filter kind (FILTER_KINDS' order), each product's codes of that kind again
   * in a column of WIDTH[kind] entries a product (each a code + 1, 0 past the last; the first
   * SPILLED when they do not fit: read from the pool), so that counting a kind of a product reads a
   * few bytes of a small array instead of the pool's far-apart places (facets wait on memory, not
   * on arithmetic: decisions 066, 080). Dropped once a code + 1 does not fit below SPILLED: the
   * pool serves alone.
   */
  columns: Uint16Array[] | undefined;
  /**
   * With `inline`, also each product's codes of every kind in a slot of its own (SLOT entries: the
   * number of codes, OVERFLOW when in the pool, then the codes), one cache line a product
   * (decision 066), for sparse selections asking many kinds (decision 080). Dropped with the columns.
   */
  slots: Uint16Array | undefined;
  /** With `inline`: the filter kind of each code (index in FILTER_KINDS; -1 for none). */
  kindOfCode: number[] = [];
  /**
   * With `inline`: per block of 1,024 products (BLOCK_SHIFT), how many times each code occurs among
   * its products (`blockCounts[block * stride + code]`, repeats included, the pool's codes whether
   * or not they fit a column), kept by `add` and `remove` (decision 085).
   */
  blockCounts: Int32Array | undefined;
  stride = 0;
  /**
   * With `inline`, also: for a token a product carries more than once (a colour of two variants),
   * the products carrying it at least 2, 3, … times (`repeats.get(code)[0]` is 2), so that a
   * token's count with multiplicity is the sum of its postings' counts within a selection.
   */
  repeats: Map<number, Posting[]> | undefined;
  used = 0;
  private garbage = 0;

  constructor(
    private capacity: number,
    perProduct: number,
    inline = false,
  ) {
    this.offset = new Int32Array(capacity);
    this.length = new Uint16Array(capacity);
    this.pool = new Uint16Array(Math.max(1024, capacity * perProduct));
    if (inline) {
      this.columns = WIDTH.map((width) => new Uint16Array(capacity * width));
      this.slots = new Uint16Array(capacity * SLOT);
      this.repeats = new Map();
      this.stride = 64;
      this.blockCounts = new Int32Array(TokenStore.blocksOf(capacity) * this.stride);
    }
  }

  static blocksOf(capacity: number): number {
    return (capacity >>> BLOCK_SHIFT) + 1;
  }

  /** `blockCounts` with room for `codes` codes a block (the counts kept). */
  private widen(codes: number): void {
    const stride = Math.max(codes, this.stride * 2);
    const blocks = TokenStore.blocksOf(this.capacity);
    const wider = new Int32Array(blocks * stride);
    for (let b = 0; b < blocks; b++)
      wider.set(this.blockCounts!.subarray(b * this.stride, (b + 1) * this.stride), b * stride);
    this.blockCounts = wider;
    this.stride = stride;
  }

  /** Calls `visit` with each code of `codes` carried more than once and its number of copies. */
  private static forEachRepeat(
    codes: ArrayLike<number>,
    visit: (code: number, copies: number) => void,
  ): void {
    if (codes.length < 2) return;
    const seen = new Map<number, number>();
    for (let i = 0; i < codes.length; i++) seen.set(codes[i]!, (seen.get(codes[i]!) ?? 0) + 1);
    for (const [code, copies] of seen) if (copies > 1) visit(code, copies);
  }

  code(token: string): number {
    let code = this.codeOf.get(token);
    if (code === undefined) {
      code = this.tokenOf.length;
      this.codeOf.set(token, code);
      this.tokenOf.push(token);
      this.kindOfCode.push(KIND_INDEX.get(token.slice(0, 2)) ?? -1);
      this.postings.push(new Posting());
      if (this.blockCounts && code >= this.stride) this.widen(code + 1);
    }
    return code;
  }

  grow(capacity: number): void {
    const offset = new Int32Array(capacity);
    offset.set(this.offset);
    this.offset = offset;
    const length = new Uint16Array(capacity);
    length.set(this.length);
    this.length = length;
    if (this.columns)
      this.columns = this.columns.map((column, kind) => {
        const grown = new Uint16Array(capacity * WIDTH[kind]!);
        grown.set(column);
        return grown;
      });
    if (this.slots) {
      const slots = new Uint16Array(capacity * SLOT);
      slots.set(this.slots);
      this.slots = slots;
    }
    if (this.blockCounts) {
      const blockCounts = new Int32Array(TokenStore.blocksOf(capacity) * this.stride);
      blockCounts.set(this.blockCounts);
      this.blockCounts = blockCounts;
    }
    this.capacity = capacity;
  }

  remove(id: number): void {
    const from = this.offset[id]!;
    const to = from + this.length[id]!;
    for (let i = from; i < to; i++) this.postings[this.pool[i]!]!.delete(id);
    if (this.blockCounts) {
      const base = (id >>> BLOCK_SHIFT) * this.stride;
      for (let i = from; i < to; i++) this.blockCounts[base + this.pool[i]!]! -= 1;
    }
    if (this.repeats)
      TokenStore.forEachRepeat(this.pool.subarray(from, to), (code, copies) => {
        const levels = this.repeats!.get(code)!;
        for (let level = 2; level <= copies; level++) levels[level - 2]!.delete(id);
      });
    this.garbage += to - from;
    this.length[id] = 0;
    if (this.columns)
      this.columns.forEach((column, kind) => column.fill(0, id * WIDTH[kind]!, (id + 1) * WIDTH[kind]!));
    if (this.slots) this.slots[id * SLOT] = 0;
  }

  add(id: number, tokens: readonly string[], present: Uint8Array): void {
    if (this.used + tokens.length > this.pool.length) this.compact(tokens.length, present);
    const from = this.used;
    for (const token of tokens) {
      const code = this.code(token);
      if (code + 1 >= SPILLED) {
        this.columns = undefined;
        this.slots = undefined;
      }
      if (code > 0xffff && this.pool instanceof Uint16Array) this.pool = Int32Array.from(this.pool);
      this.pool[this.used++] = code;
      this.postings[code]!.add(id, this.capacity);
      if (this.blockCounts) this.blockCounts[(id >>> BLOCK_SHIFT) * this.stride + code]! += 1;
    }
    this.offset[id] = from;
    this.length[id] = tokens.length;
    if (this.repeats)
      TokenStore.forEachRepeat(this.pool.subarray(from, this.used), (code, copies) => {
        const levels = this.repeats!.get(code) ?? [];
        this.repeats!.set(code, levels);
        while (levels.length < copies - 1) levels.push(new Posting());
        for (let level = 2; level <= copies; level++) levels[level - 2]!.add(id, this.capacity);
      });
    if (this.columns) {
      const filled = WIDTH.map(() => 0);
      this.columns.forEach((column, kind) => column.fill(0, id * WIDTH[kind]!, (id + 1) * WIDTH[kind]!));
      for (let i = from; i < this.used; i++) {
        const code = this.pool[i]!;
        const kind = this.kindOfCode[code]!;
        if (kind < 0) continue;
        if (filled[kind]! < WIDTH[kind]!) this.columns[kind]![id * WIDTH[kind]! + filled[kind]!] = code + 1;
        filled[kind]! += 1;
      }
      this.columns.forEach((column, kind) => {
        if (filled[kind]! > WIDTH[kind]!) column[id * WIDTH[kind]!] = SPILLED;
      });
    }
    if (this.slots) {
      const base = id * SLOT;
      if (tokens.length < SLOT) {
        this.slots[base] = tokens.length;
        this.slots.set(this.pool.subarray(from, this.used), base + 1);
      } else this.slots[base] = OVERFLOW;
    }
  }

  tokens(id: number): string[] {
    const from = this.offset[id]!;
    return [...this.pool.subarray(from, from + this.length[id]!)].map((c) => this.tokenOf[c]!);
  }

  /** Drops the codes of replaced products from the pool (and grows it when still full). */
  private compact(need: number, present: Uint8Array): void {
    const live = this.used - this.garbage;
    const size = Math.max(this.pool.length, Math.ceil((live + need) * 1.5));
    const pool = this.pool instanceof Uint16Array ? new Uint16Array(size) : new Int32Array(size);
    let used = 0;
    for (let id = 0; id < this.capacity; id++) {
      if (!present[id]) continue;
      const from = this.offset[id]!;
      pool.set(this.pool.subarray(from, from + this.length[id]!), used);
      this.offset[id] = used;
      used += this.length[id]!;
    }
    this.pool = pool;
    this.used = used;
    this.garbage = 0;
  }
}

export type TokenCounts = { tokens: string[]; counts: number[] };

/** A change-log read sent inside another statement (`TokenIndex.logRead`, decision 081). */
export type LogRead = { since: string; version: number; applied: ReadonlySet<string>; columns: SQL };
/** The columns a `LogRead` adds to a statement's rows. */
export type LogRow = {
  log_xmin: string | null;
  log_stamp: string | null;
  log_txs: string | null;
  log_terms?: string | null;
};

/** The transactions of `txs` (ids as text) at or past `since`, as a new set. */
const stillLogged = (txs: Iterable<string>, since: string): ReadonlySet<string> => {
  const from = BigInt(since);
  const out = new Set<string>();
  for (const tx of txs) if (BigInt(tx) >= from) out.add(tx);
  return out;
};

export class TokenIndex {
  /** Facet tokens (`products.facet_tokens`) and search lexemes (`products.search`) per product. */
  private facets = new TokenStore(0, 0);
  private words = new TokenStore(0, 0);
  /** Filter kind (index in FILTER_KINDS) of each facet token code. */
  private kindOf: number[] = [];
  private capacity = 0;
  /**
   * Product ids and the index's own numbering of them (decision 085): every array, column, bitset
   * and posting below is by ordinal, not by id. A load numbers the published products in the order
   * of (root category, brand, leaf category, id), so that a category's or a brand's products are near
   * each other — a selection of them holds whole blocks, counted from the blocks' counts — and a
   * product first seen later takes the next ordinal. `ordOf[id]` is the ordinal + 1 (0: none),
   * `idAt[ordinal]` the id. An ordinal stays its product's until the next load.
   */
  private ordOf = new Int32Array(0);
  private idAt = new Int32Array(0);
  private ordinals = 0;
  /** 1 for each published product (by ordinal). */
  private present = new Uint8Array(0);
  /** The same as a bitset (whole blocks of a selection are found against it). */
  private presentWords = new Uint32Array(1);
  /**
   * Each published product's sort keys (decision 070), by id: a combined-filter listing picks its
   * page here (`pageIds`). `publishedAt` is in microseconds since 1970, as the cursor writes it.
   */
  private popularity = new Int32Array(0);
  private sales = new Int32Array(0);
  private minPrice = new Int32Array(0);
  private publishedAt = new Float64Array(0);
  /**
   * Per sort key, the published products ascending by (key, id) (decision 074), made at the end
   * of a load (or at the first page in that order after the arrays grew) and kept: a later change
   * of a product's key or publication is noted in `moved` and merged in before the next page in
   * that order (one pass over it; made again when more than an eighth moved).
   */
  private orders = new Map<Int32Array | Float64Array, { ids: Int32Array; moved: Set<number> }>();
  /** Published products in the index. */
  size = 0;
  /** Blocks whose products were counted from their counts (decision 085), since the index was made: tests. */
  blocksCounted = 0;

  private since: string | undefined;
  /**
   * The transactions at or past `since` whose logged products the index has read again after they
   * committed: a log read that finds only these finds nothing new. While a transaction begun
   * before them is still running anywhere on the server (another database's too), `since` cannot
   * pass them and every log read returns their rows again. Replaced, never changed in place: a
   * `LogRead` keeps the set of its moment.
   */
  private applied: ReadonlySet<string> = new Set();
  /** Bumped by every change applied to the index (a load, a product put): see `logRead`. */
  private version = 0;
  /**
   * The suggestion terms (`search_terms`: term, display), in the order of the suggestions'
   * statement (`weight DESC, term`, as the database sorts them), read with the index and again
   * when the table was rebuilt (decision 080).
   */
  private terms: { term: string; display: string }[] = [];
  /**
   * The transaction that wrote the held terms (`xmin` of a row of `search_terms`: only
   * `rebuildSearchTerms` writes the table, every row at once in one transaction), '' for none.
   */
  private termsAt = '';
  /** The terms' trigrams for the typos (decision 086); undefined when memory cannot answer them. */
  private typos: TrigramTerms | undefined;
  /** Columns read with the log for other modules (`watch`), with the last values read. */
  private watches = new Map<string, { column: SQL; value: string | undefined }>();
  /** The watched columns the next log read reads (asked for by callers of `sync`). */
  private wanted = new Set<string>();
  /**
   * The catalogue's change stamp (catalog-stamp.ts, decision 084) read in the same statement as the
   * last read of the log, when that read found nothing new: the index is then exactly the table as
   * of that statement, and so as of any moment whose stamp is the same (no catalogue write
   * committed in between); kept card rows of the same stamp are what a statement would read
   * (card-rows.ts, decision 076). Undefined after a load or a read that reloaded products (it may
   * have seen later commits).
   */
  exactAt: string | undefined;
  private loaded = false;
  /** True once the first load has finished (`/readyz`); a later reload does not make it false. */
  loadedOnce = false;
  private loading: Promise<void> | undefined;
  private polling: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;
  private lastPollAt = 0;
  /** (time, oldest running transaction) seen by this instance, for pruning the log. */
  private horizons: { at: number; xmin: string }[] = [];
  private closed = false;
  private scratch: Uint32Array[] = [];
  /** The products of a walk's chunk that passed its first test (`walkOrder`). */
  private walkChunk = new Int32Array(WALK_CHUNK);
  private ids = new Int32Array(0);
  private failedAt = 0;
  private onError: ((err: unknown) => void) | undefined;

  /**
   * An index of these rows without a database, as a load of them would make it (tests of the
   * page picking at sizes where postings are bitsets).
   */
  static of(rows: readonly ProductRow[]): TokenIndex {
    const index = new TokenIndex();
    // Numbered in the rows' order.
    index.reset(
      rows.reduce((max, r) => Math.max(max, r[0]), 0) + 1024,
      rows.map((r) => r[0]),
    );
    for (const row of rows) index.put(row[0], row);
    return index;
  }

  /** What reading product `id`'s row in a sync does (no row: unpublished or gone); tests. */
  set(id: number, row: ProductRow | undefined): void {
    this.put(id, row);
  }

  /** Starts the first load (in the background); `sync()` answers false until it has finished. */
  start(db: Database, onError?: (err: unknown) => void): void {
    if (onError) this.onError = onError;
    this.loading ??= this.load(db).catch((err: unknown) => {
      this.loading = undefined;
      this.failedAt = Date.now();
      if (!this.closed) this.onError?.(err);
    });
  }

  /** Settles when the first load has finished (tests; the benchmark). */
  async whenLoaded(db: Database): Promise<void> {
    this.start(db);
    await this.loading;
    if (!this.loaded) throw new Error('the token index did not load');
  }

  close(): void {
    this.closed = true;
  }

  /**
   * Brings the index up to a snapshot taken now: true when it may answer. Concurrent callers share
   * a read; a caller arriving while one is running waits for the next, which starts after it.
   */
  sync(db: Database, watched: readonly string[] = []): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (!this.loaded) {
      // A failed load is tried again, at most every 10 s.
      if (!this.loading && Date.now() - this.failedAt > 10_000) this.start(db);
      return Promise.resolve(false);
    }
    // The log read this caller waits for (one starting now, or the next) reads these too.
    for (const name of watched) this.wanted.add(name);
    if (!this.polling) {
      this.polling = this.poll(db).finally(() => {
        this.polling = undefined;
      });
      return this.polling;
    }
    this.queued ??= this.polling
      .catch(() => false)
      .then(() => {
        this.queued = undefined;
        return this.sync(db);
      });
    return this.queued;
  }

  /**
   * True when the index is exactly the table as of `stamp` (a catalogue stamp read elsewhere, decision
   * 077): it may answer without reading its log, since nothing committed since. Not past half the
   * staleness limit, so that a quiet database still has its log read (and pruned) now and then.
   */
  isExactAt(stamp: string): boolean {
    return (
      this.loaded &&
      !this.closed &&
      this.exactAt === stamp &&
      Date.now() - this.lastPollAt < STALE_AFTER_MS / 2
    );
  }

  /**
   * A read of the change log to be sent inside the statement that reads a page (decision 081):
   * `columns` (`log_xmin`, `log_stamp`, `log_txs`) are the same read `sync` makes, and a page
   * picked from the index after this call and read in that statement is exact when `absorb` says
   * the log had nothing new. Undefined while the index is not loaded, or when its log has not been
   * read for long (then `sync`, which reloads or prunes as needed).
   */
  logRead(): LogRead | undefined {
    if (!this.loaded || this.closed || this.since === undefined) return undefined;
    if (Date.now() - this.lastPollAt > STALE_AFTER_MS / 2) return undefined;
    const since = this.since;
    return {
      since,
      version: this.version,
      applied: this.applied,
      columns: sql`pg_snapshot_xmin(pg_current_snapshot())::text AS log_xmin,
                   ${catalogStampSql} AS log_stamp,
                   (SELECT string_agg(DISTINCT tx::text, ',')
                    FROM catalog_changes WHERE tx >= ${since}::bigint) AS log_txs,
                   ${TokenIndex.termsWriter} AS log_terms`,
    };
  }

  /**
   * What a statement carrying `read`'s columns found. True when the log held nothing since
   * `read.since` but the transactions the index had already read (`read.applied`): then no product's tokens, publication or sort keys changed between what the index
   * held when `read` was taken and the statement's snapshot (which began after it, so it sees
   * every commit the index had read), and a page picked at that moment is the statement's own.
   * False when something changed: nothing is applied here, and the caller syncs (`sync`) and
   * picks again. With no change applied to the index meanwhile, the index is then exactly the
   * table as of that snapshot (`exactAt`: its catalogue stamp), and its log read as of it.
   */
  absorb(read: LogRead, row: LogRow | undefined): boolean {
    if (!row || row.log_xmin == null || row.log_stamp == null) return false;
    // The suggestion terms were rebuilt (no product need have changed): `sync` reads them again.
    if (row.log_terms != null && row.log_terms !== this.termsAt) return false;
    if (row.log_txs && !row.log_txs.split(',').every((tx) => read.applied.has(tx))) return false;
    if (this.version === read.version && this.loaded && this.since !== undefined) {
      // Every transaction before `log_xmin` had finished at the snapshot and logged nothing past
      // `read.since` that the index had not read: the index holds them all (a later read may have
      // moved `since` further).
      if (BigInt(row.log_xmin) > BigInt(this.since)) {
        this.since = row.log_xmin;
        this.applied = stillLogged(this.applied, row.log_xmin);
      }
      this.exactAt = row.log_stamp;
      this.lastPollAt = Math.max(this.lastPollAt, Date.now());
    }
    return true;
  }

  /** Product rows as JSON text: [id, facet tokens, search lexemes, the sort keys]. */
  private static rows = (where: SQL) =>
    sql`SELECT json_agg(json_build_array(id, facet_tokens, coalesce(tsvector_to_array(search), '{}'),
                                         popularity, sales, min_price,
                                         (extract(epoch FROM published_at) * 1000000)::bigint))::text AS rows
        FROM products WHERE ${where} AND is_published`;

  /** The transaction that last rebuilt `search_terms` ('' when it is empty). */
  private static termsWriter = sql`coalesce((SELECT xmin::text FROM search_terms LIMIT 1), '')`;

  /**
   * Reads the suggestion terms, the transaction that wrote them, and for the typos in memory
   * (decision 086) the database's trigrams of each term and of each character a query may hold
   * (`PROBE` and the terms' own), and `pg_trgm.similarity_threshold`, in one statement.
   */
  private async loadTerms(db: Database): Promise<void> {
    const [row] = await queryRows<{ terms: string | null; at: string; threshold: string | null; probe: string | null }>(
      db,
      sql`SELECT (SELECT json_agg(json_build_array(term, display, show_trgm(term)) ORDER BY weight DESC, term) FROM search_terms)::text AS terms,
                 ${TokenIndex.termsWriter} AS at,
                 current_setting('pg_trgm.similarity_threshold', true) AS threshold,
                 (SELECT json_agg(json_build_array(c, show_trgm(c))) FROM (
                    SELECT DISTINCT c FROM regexp_split_to_table(${PROBE} || coalesce((SELECT string_agg(term, '') FROM search_terms), ''), '') AS c
                  ) chars)::text AS probe`,
    );
    const rows = (JSON.parse(row?.terms ?? 'null') as [string, string, string[]][] | null) ?? [];
    this.terms = rows.map(([term, display]) => ({ term, display }));
    this.termsAt = row?.at ?? '';
    this.typos = TrigramTerms.build(
      rows.map(([term]) => term),
      rows.map(([, , shown]) => shown),
      new Map(JSON.parse(row?.probe ?? '[]') as [string, string[]][]),
      row?.threshold ?? null,
    );
  }

  /**
   * The suggestion terms' display texts `suggestTypoSql` selects for `lower` and its other alphabet
   * `other`, from memory (decision 086); undefined when memory cannot tell the database's answer
   * (a character the database was not asked about, the terms' trigrams not the database's, a
   * threshold set otherwise). The caller has synced the index (`sync`) just before.
   */
  typoSuggestions(lower: string, other: string, limit: number): string[] | undefined {
    return this.typos?.closest(lower, other, limit)?.map((i) => this.terms[i]!.display);
  }

  /**
   * The suggestion term `typoProbe` would put in place of `word` (decision 089), from memory: null
   * when none is similar enough, undefined when memory cannot tell. The caller has synced the index.
   */
  typoTerm(word: string): string | null | undefined {
    const i = this.typos?.nearest(word);
    return i == null ? i : this.terms[i]!.term;
  }

  /** pg_trgm's `similarity(a, b)` from memory (decision 089); undefined when memory cannot tell. */
  similarity(a: string, b: string): number | undefined {
    return this.typos?.similarity(a, b);
  }

  /** True when typos are answered from memory (tests). */
  get typosInMemory(): boolean {
    return this.typos !== undefined;
  }

  /**
   * Adds a column to the log read (`sync`) of the callers that name it: one text value another
   * module needs as fresh as the index (decision 086: the approved bloggers' version), read as
   * `watched(name)` after `sync(db, [name])` (by the read that call waited for, or a later one).
   */
  watch(name: string, column: SQL): void {
    this.watches.set(name, { column, value: undefined });
  }

  /** The value of a watched column read by the last log read that read it; undefined before one. */
  watched(name: string): string | undefined {
    return this.watches.get(name)?.value;
  }

  /**
   * The first `limit` suggestion terms' display texts starting with any of `prefixes`, in the
   * suggestions' order (weight, then term): what `suggestSql` reads, from memory. The caller has
   * synced the index (`sync`) just before.
   */
  suggestions(prefixes: readonly string[], limit: number): string[] {
    const out: string[] = [];
    for (const { term, display } of this.terms) {
      if (out.length >= limit) break;
      if (prefixes.some((prefix) => term.startsWith(prefix))) out.push(display);
    }
    return out;
  }

  private async load(db: Database): Promise<void> {
    const [{ xmin } = { xmin: '0' }] = await queryRows<{ xmin: string }>(
      db,
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`,
    );
    const [{ max } = { max: 0 }] = await queryRows<{ max: number }>(
      db,
      sql`SELECT coalesce(max(id), 0)::int AS max FROM products`,
    );
    // The numbering (decision 085): a category's and a brand's products near each other.
    const [{ order } = { order: null }] = await queryRows<{ order: string | null }>(
      db,
      sql`SELECT json_agg(id ORDER BY category_ids[1], brand_id, category_ids[cardinality(category_ids)], id)::text AS order
          FROM products WHERE is_published`,
    );
    this.reset(max + 1024, JSON.parse(order ?? '[]') as number[]);
    for (let from = 0; from <= max; from += LOAD_CHUNK) {
      const [row] = await queryRows<{ rows: string | null }>(
        db,
        TokenIndex.rows(sql`id >= ${from}::int AND id < ${from + LOAD_CHUNK}::int`),
      );
      for (const r of JSON.parse(row?.rows ?? '[]') as ProductRow[]) this.put(r[0], r);
    }
    await this.loadTerms(db);
    // The sort orders now rather than in the first requests (≈ 0.4 s each at a million).
    for (const keys of [this.popularity, this.sales, this.minPrice, this.publishedAt]) {
      this.orderBy(keys);
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.since = xmin;
    this.applied = new Set();
    this.exactAt = undefined;
    this.lastPollAt = Date.now();
    this.loaded = true;
    this.loadedOnce = true;
  }

  private async poll(db: Database): Promise<boolean> {
    if (Date.now() - this.lastPollAt > STALE_AFTER_MS) {
      // The log may have been pruned since: start over (answers meanwhile come from SQL).
      this.loaded = false;
      this.loading = undefined;
      this.start(db);
      return false;
    }
    // Only the watched columns a caller of this read asked for (`sync`): the others cost nothing.
    const watches = [...this.wanted].flatMap((name) => this.watches.get(name) ?? []);
    this.wanted.clear();
    const [row] = await readRows<
      { xmin: string; stamp: string; changes: string | null; terms: string } & Record<string, string>
    >(
      db,
      sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, ${catalogStampSql} AS stamp,
                 (SELECT string_agg(DISTINCT tx::text || ':' || coalesce(product_id, -1)::text, ',')
                  FROM catalog_changes WHERE tx >= ${this.since}::bigint) AS changes,
                 ${TokenIndex.termsWriter} AS terms${sql.join(
                   watches.map((w, i) => sql`, (${w.column})::text AS ${sql.raw(`watch_${i}`)}`),
                 )}`,
    );
    watches.forEach((w, i) => {
      w.value = row![`watch_${i}`];
    });
    if (row!.terms !== this.termsAt) await this.loadTerms(db);
    // The products of transactions not read before (`applied`): a transaction's rows are all
    // visible once it has committed, so one read of them is enough.
    const txs = new Set<string>();
    const fresh = new Set<number>();
    for (const change of row?.changes ? row.changes.split(',') : []) {
      const [tx, id] = change.split(':') as [string, string];
      txs.add(tx);
      if (!this.applied.has(tx)) fresh.add(Number(id));
    }
    const ids = [...fresh];
    if (ids.includes(-1)) {
      // A truncate: reload everything.
      this.loaded = false;
      this.loading = undefined;
      this.start(db);
      return false;
    }
    if (ids.length) {
      const [found] = await readRows<{ rows: string | null }>(
        db,
        TokenIndex.rows(sql`id = ANY(${`{${ids.join(',')}}`}::int[])`),
      );
      const published = new Map(
        (JSON.parse(found?.rows ?? '[]') as ProductRow[]).map((r) => [r[0], r] as const),
      );
      for (const id of ids) this.put(id, published.get(id));
    }
    this.since = row!.xmin;
    this.applied = stillLogged(txs, row!.xmin);
    this.exactAt = ids.length ? undefined : row!.stamp;
    const now = Date.now();
    this.lastPollAt = now;
    this.horizons.push({ at: now, xmin: row!.xmin });
    await this.prune(db, now);
    return true;
  }

  /** Deletes log rows of transactions that had finished an hour ago (every instance has read them). */
  private async prune(db: Database, now: number): Promise<void> {
    let horizon: string | undefined;
    while (this.horizons.length && now - this.horizons[0]!.at >= PRUNE_AFTER_MS)
      horizon = this.horizons.shift()!.xmin;
    // Keep one sample per minute.
    const last = this.horizons.at(-2);
    if (last && now - last.at < 60_000) this.horizons.splice(-2, 1);
    if (!horizon) return;
    await db.execute(sql`DELETE FROM catalog_changes WHERE tx < ${horizon}::bigint`);
    // The stamp rows of database backends that have ended, folded into one (the sum unchanged).
    await db.execute(sql`SELECT catalog_stamp_fold()`);
  }

  /** Empties the index, with room for `capacity` products, numbering the ids of `order` first. */
  private reset(capacity: number, order: readonly number[] = []): void {
    this.version += 1;
    capacity = Math.max(capacity, order.length + 1024);
    this.facets = new TokenStore(capacity, 12, true);
    this.words = new TokenStore(capacity, 10);
    this.kindOf = [];
    this.capacity = capacity;
    this.present = new Uint8Array(capacity);
    this.presentWords = new Uint32Array((capacity >>> 5) + 1);
    this.ordOf = new Int32Array(capacity);
    this.idAt = new Int32Array(capacity);
    this.ordinals = 0;
    for (const id of order) if (this.ordinalOf(id) < 0) this.number(id);
    this.popularity = new Int32Array(capacity);
    this.sales = new Int32Array(capacity);
    this.minPrice = new Int32Array(capacity);
    this.publishedAt = new Float64Array(capacity);
    this.orders.clear();
    this.size = 0;
  }

  /** Product `id`'s ordinal, -1 when it has none. */
  private ordinalOf(id: number): number {
    return id >= 0 && id < this.ordOf.length ? this.ordOf[id]! - 1 : -1;
  }

  /** Gives product `id` the next ordinal. */
  private number(id: number): number {
    if (id >= this.ordOf.length) {
      const ordOf = new Int32Array(Math.max(id + 1, Math.ceil(this.ordOf.length * 1.5)));
      ordOf.set(this.ordOf);
      this.ordOf = ordOf;
    }
    const ord = this.ordinals++;
    this.ensureCapacity(ord);
    this.ordOf[id] = ord + 1;
    this.idAt[ord] = id;
    return ord;
  }

  /** The ids of the products of `bits` (a bitset by ordinal, as `matchQuery` gives it), ascending. */
  idsIn(bits: Uint32Array): number[] {
    const ids: number[] = [];
    for (let w = 0; w < bits.length; w++)
      for (let x = bits[w]!; x !== 0; x &= x - 1) ids.push(this.idAt[(w << 5) + 31 - Math.clz32(x & -x)]!);
    return ids.sort((a, b) => a - b);
  }

  private ensureCapacity(ord: number): void {
    if (ord < this.capacity) return;
    const capacity = Math.max(ord + 1, Math.ceil(this.capacity * 1.5));
    const present = new Uint8Array(capacity);
    present.set(this.present);
    this.present = present;
    const presentWords = new Uint32Array((capacity >>> 5) + 1);
    presentWords.set(this.presentWords);
    this.presentWords = presentWords;
    const grown = <T extends Int32Array | Float64Array>(old: T, into: T): T => (into.set(old), into);
    this.idAt = grown(this.idAt, new Int32Array(capacity));
    this.popularity = grown(this.popularity, new Int32Array(capacity));
    this.sales = grown(this.sales, new Int32Array(capacity));
    this.minPrice = grown(this.minPrice, new Int32Array(capacity));
    this.publishedAt = grown(this.publishedAt, new Float64Array(capacity));
    // The orders are kept by key array: made again when next used.
    this.orders.clear();
    this.facets.grow(capacity);
    this.words.grow(capacity);
    this.capacity = capacity;
  }

  /** Sets one product's tokens, search lexemes and sort keys (no row: not published, or gone). */
  private put(productId: number, row: ProductRow | undefined): void {
    if (productId < 0) return;
    this.version += 1;
    const [, tokens, words] = row ?? [];
    let id = this.ordinalOf(productId);
    if (id < 0) {
      if (!tokens) return;
      id = this.number(productId);
    }
    for (const order of this.orders.values()) order.moved.add(id);
    if (this.present[id]) {
      this.facets.remove(id);
      this.words.remove(id);
      this.present[id] = 0;
      this.presentWords[id >>> 5]! &= ~(1 << (id & 31));
      this.size -= 1;
    }
    if (!tokens) return;
    this.facets.add(id, tokens, this.present);
    for (let c = this.kindOf.length; c < this.facets.tokenOf.length; c++)
      this.kindOf.push(KIND_INDEX.get(this.facets.tokenOf[c]!.slice(0, 2)) ?? -1);
    this.words.add(id, words ?? [], this.present);
    this.popularity[id] = row![3];
    this.sales[id] = row![4];
    this.minPrice[id] = row![5];
    this.publishedAt[id] = row![6];
    this.present[id] = 1;
    this.presentWords[id >>> 5]! |= 1 << (id & 31);
    this.size += 1;
  }

  /** A bitset of every published product. */
  private presentBits(words: number): Uint32Array {
    const bits = new Uint32Array(words);
    bits.set(this.presentWords.subarray(0, words));
    return bits;
  }

  /**
   * The published products matching a full-text query, as a bitset, from the text of a `tsquery`
   * (`websearch_to_tsquery(…)::text`): quoted lexemes joined by `&`, `|`, `!` and parentheses.
   * Undefined for anything else (phrases `<->`, prefixes `:*`, weights): the caller asks SQL.
   */
  matchQuery(tsquery: string): Uint32Array | undefined {
    const words = (this.capacity >>> 5) + 1;
    let at = 0;
    const skip = () => {
      while (tsquery[at] === ' ') at++;
    };
    let unsupported = false;
    const operand = (): Uint32Array => {
      skip();
      if (tsquery[at] === '(') {
        at++;
        const inner = or();
        skip();
        if (tsquery[at] !== ')') unsupported = true;
        at++;
        return inner;
      }
      if (tsquery[at] === '!') {
        at++;
        const inner = operand();
        const all = this.presentBits(words);
        for (let w = 0; w < words; w++) all[w]! &= ~inner[w]!;
        return all;
      }
      if (tsquery[at] !== "'") {
        unsupported = true;
        return new Uint32Array(words);
      }
      let lexeme = '';
      for (at++; at < tsquery.length; at++) {
        if (tsquery[at] === "'") {
          if (tsquery[at + 1] === "'") {
            lexeme += "'";
            at++;
          } else break;
        } else if (tsquery[at] === '\\') lexeme += tsquery[++at] ?? '';
        else lexeme += tsquery[at];
      }
      at++; // the closing quote
      if (tsquery[at] === ':') unsupported = true; // a prefix or weight
      const bits = new Uint32Array(words);
      const code = this.words.codeOf.get(lexeme);
      if (code !== undefined) this.words.postings[code]!.orInto(bits);
      return bits;
    };
    const and = (): Uint32Array => {
      const acc = operand();
      for (skip(); tsquery[at] === '&'; skip()) {
        at++;
        const next = operand();
        for (let w = 0; w < words; w++) acc[w]! &= next[w]!;
      }
      return acc;
    };
    const or = (): Uint32Array => {
      const acc = and();
      for (skip(); tsquery[at] === '|'; skip()) {
        at++;
        const next = and();
        for (let w = 0; w < words; w++) acc[w]! |= next[w]!;
      }
      return acc;
    };
    if (!tsquery.trim()) return new Uint32Array(words); // only stop words: matches nothing
    const result = or();
    skip();
    return unsupported || at < tsquery.length ? undefined : result;
  }

  /**
   * The products having at least one of `kind`'s selected tokens (as `facet_tokens && …` does), as
   * a bitset of product ids — the posting's own bits when it is one bitset (only read), else the
   * OR of the postings in `into` (its length may differ from `into`'s: missing words are 0) — and
   * how many products it holds at most.
   */
  private kindBits(
    filters: ListingFilters,
    kind: FilterKind,
    into: Uint32Array,
  ): { bits: Uint32Array; size: number } {
    const postings = new Set<Posting>();
    for (const token of facetTokens(kind, filters[kind] as (string | number)[])) {
      const code = this.facets.codeOf.get(token);
      if (code !== undefined) postings.add(this.facets.postings[code]!);
    }
    let size = 0;
    for (const posting of postings) size += posting.size;
    if (postings.size === 1) {
      const [only] = postings;
      if (only!.bits) return { bits: only!.bits, size };
    }
    into.fill(0);
    for (const posting of postings) posting.orInto(into);
    return { bits: into, size };
  }

  /**
   * The products with every filtered kind of `filters` (and in `search`, when given) as unions to
   * intersect (`forEachInUnions`), the rarest kind first after the search; undefined when nothing
   * restricts them (every published product). A kind's postings kept as sets (few products each)
   * are ORed into one reused buffer, its bitset postings are used as they are.
   */
  private unions(filters: ListingFilters, search: SearchMatch | undefined): Union[] | undefined {
    const kinds = this.kindUnions(filters);
    if (!kinds.length && !search) return undefined;
    return [...(search ?? []), ...kinds.map((k) => k.union).sort((x, y) => x.size - y.size)];
  }

  /**
   * Each filtered kind of `filters` (FILTER_KINDS' order) as a union of bitsets: its bitset
   * postings as they are kept, its postings kept as sets ORed into one reused buffer.
   */
  private kindUnions(filters: ListingFilters): { kind: FilterKind; union: Union }[] {
    const kinds = FILTER_KINDS.filter((k) => (filters[k]?.length ?? 0) > 0);
    const buffers = this.buffers(kinds.length);
    return kinds.map((kind, i) => {
      const postings = new Set<Posting>();
      for (const token of facetTokens(kind, filters[kind] as (string | number)[])) {
        const code = this.facets.codeOf.get(token);
        if (code !== undefined) postings.add(this.facets.postings[code]!);
      }
      const parts: Uint32Array[] = [];
      const marks: (Uint32Array | undefined)[] = [];
      let size = 0;
      let small = false;
      for (const posting of postings) {
        size += posting.size;
        if (posting.bits) {
          parts.push(posting.bits);
          marks.push(posting.marks);
        } else small = true;
      }
      if (small) {
        const into = buffers[i]!;
        const marked = new Uint32Array(marksLength(into.length));
        into.fill(0);
        for (const posting of postings)
          if (!posting.bits) {
            posting.orInto(into);
            for (const id of posting.small!) marked[id >>> 15]! |= 1 << ((id >>> 10) & 31);
          }
        parts.push(into);
        marks.push(marked);
      }
      return { kind, union: { parts, size, marks } };
    });
  }

  /**
   * The selections of `filters` without each kind of `excepts` (undefined: without none), each
   * restricted to `search` (a bitset) when given, made in one pass over the words (decision 080:
   * each kind's postings read once for every selection, where each selection was intersected
   * apart): per selection a bitset (a reused buffer), the indexes of its non-zero words, their
   * number and its number of products; undefined for a selection that nothing restricts (every
   * published product).
   */
  private groupSelections(
    filters: ListingFilters,
    excepts: readonly (FilterKind | undefined)[],
    search: Uint32Array | undefined,
  ): (
    | {
        bits: Uint32Array;
        words: Int32Array;
        nonZero: number;
        size: number;
        full: Int32Array;
        fullCount: number;
        fullSize: number;
      }
    | undefined
  )[] {
    // The rarest kind first: a word is done once two kinds have none of its products.
    const kinds = this.kindUnions(filters).sort((x, y) => x.union.size - y.union.size);
    const k = kinds.length;
    const parts = kinds.map((x) => x.union.parts);
    const marks = kinds.map((x) => x.union.marks ?? []);
    const skip = excepts.map((e) => kinds.findIndex((x) => x.kind === e));
    const restricted = excepts.map((_, g) => search !== undefined || k > (skip[g]! >= 0 ? 1 : 0));
    const counted = excepts.map((_, g) => g).filter((g) => restricted[g]);
    const scratch = this.buffers(FILTER_KINDS.length + 2 * excepts.length);
    const out = excepts.map((_, g) =>
      restricted[g]
        ? {
            bits: scratch[FILTER_KINDS.length + 2 * g]!,
            words: new Int32Array(
              scratch[FILTER_KINDS.length + 2 * g + 1]!.buffer,
              scratch[FILTER_KINDS.length + 2 * g + 1]!.byteOffset,
              scratch[FILTER_KINDS.length + 2 * g + 1]!.length,
            ),
            nonZero: 0,
            size: 0,
            full: new Int32Array(TokenStore.blocksOf(this.capacity)),
            fullCount: 0,
            fullSize: 0,
          }
        : undefined,
    );
    // Every word of the buffers: a kind missing from the index (no postings) restricts every
    // selection but its own to nothing, and that one not at all.
    const words = scratch[0]!.length;
    const made = counted.map((g) => out[g]!);
    const selections: Selections = {
      bits: made.map((x) => x.bits),
      words: made.map((x) => x.words),
      nonZero: new Int32Array(made.length),
      sizes: new Float64Array(made.length),
      full: made.map((x) => x.full),
      fullCount: new Int32Array(made.length),
      fullSize: new Float64Array(made.length),
    };
    selectWords(
      search,
      parts,
      marks,
      Int32Array.from(counted.map((g) => skip[g]!)),
      this.facets.blockCounts ? this.presentWords : undefined,
      selections,
      words,
    );
    made.forEach((x, g) => {
      x.nonZero = selections.nonZero[g]!;
      x.size = selections.sizes[g]!;
      x.fullCount = selections.fullCount[g]!;
      x.fullSize = selections.fullSize[g]!;
    });
    return out;
  }

  /** Adds to `counts[code + 1]` each of `codes`' counts in the first `count` blocks of `blocks` (decision 085). */
  private addBlocks(blocks: Int32Array, count: number, codes: readonly number[], counts: Int32Array): void {
    const { blockCounts, stride } = this.facets;
    this.blocksCounted += count;
    for (let i = 0; i < count; i++) {
      const base = blocks[i]! * stride;
      for (const code of codes) counts[code + 1]! += blockCounts![base + code]!;
    }
  }

  /** A reused array of at least `n` product ids (synchronous callers only). */
  private idBuffer(n: number): Int32Array {
    if (this.ids.length < n) this.ids = new Int32Array(Math.max(n, Math.ceil(this.ids.length * 1.5)));
    return this.ids;
  }

  /** `count` reused bitsets of one word per 32 product ids (synchronous callers only). */
  private buffers(count: number): Uint32Array[] {
    const words = (this.capacity >>> 5) + 1;
    if (this.scratch[0]?.length !== words) this.scratch = [];
    while (this.scratch.length < count) this.scratch.push(new Uint32Array(words));
    return this.scratch;
  }

  /**
   * The products of `ids` (from SQL: distinct) in the selections of `filters` without each kind of
   * `excepts` (undefined: without none); the index decides which are published (its own snapshot).
   */
  private listedSelections(
    filters: ListingFilters,
    excepts: readonly (FilterKind | undefined)[],
    ids: readonly number[],
  ): number[][] {
    const kinds = FILTER_KINDS.filter((k) => (filters[k]?.length ?? 0) > 0);
    const buffers = this.buffers(kinds.length);
    const kindBits = new Map(kinds.map((k, i) => [k, this.kindBits(filters, k, buffers[i]!)] as const));
    return excepts.map((except) => {
      const sources = kinds.filter((k) => k !== except).map((k) => kindBits.get(k)!.bits);
      const listed: number[] = [];
      for (const productId of ids) {
        const id = this.ordinalOf(productId);
        if (id < 0) continue;
        const w = id >>> 5;
        const bit = 1 << (id & 31);
        if (sources.length ? sources.every((s) => w < s.length && s[w]! & bit) : this.present[id])
          listed.push(id);
      }
      return listed;
    });
  }

  /**
   * Token counts of the products matching `filters` without each group's `except` (and `search`):
   * every token of the group's `kinds` (colours and sizes with their multiplicity, like `unnest`)
   * and, as token '', the number of products. One answer per group, in order.
   */
  facetCountsOf(
    filters: ListingFilters,
    groups: readonly { except?: FilterKind | undefined; kinds: readonly FilterKind[] }[],
    search?: Uint32Array | readonly number[],
  ): TokenCounts[] {
    const store = this.facets;
    const { tokenOf, repeats, columns } = store;
    const excepts = groups.map((g) => g.except);
    // Search ids from SQL: each selection's products listed; else each selection a bitset.
    const listed =
      search && !(search instanceof Uint32Array) ? this.listedSelections(filters, excepts, search) : [];
    const made =
      search instanceof Uint32Array || !search ? this.groupSelections(filters, excepts, search) : [];
    return groups.map((group, at) => {
      const kinds = group.kinds.map((k) => FILTER_KINDS.indexOf(k));
      const mask = kinds.reduce((m, kind) => m | (1 << kind), 0);
      // counts[code + 1]: a column's empty entries add to counts[0].
      const counts = new Int32Array(tokenOf.length + 1);
      const asked: number[] = [];
      for (let c = 0; c < tokenOf.length; c++)
        if (this.kindOf[c]! >= 0 && mask & (1 << this.kindOf[c]!)) asked.push(c);
      // The products counted one by one (`selected`, `n` of them), of `total` in the selection.
      let total = 0;
      let selected: Int32Array | undefined;
      let n = 0;
      let sparse = false;
      const ids = listed[at];
      const selection = made[at];
      if (ids) {
        selected = Int32Array.from(ids);
        total = n = ids.length;
      } else if (selection && selection.fullCount > 0) {
        // Whole blocks from their counts, the rest product by product (decision 085).
        const { bits, words, nonZero, size, full, fullCount, fullSize } = selection;
        total = size;
        this.addBlocks(full, fullCount, asked, counts);
        selected = this.idBuffer(size - fullSize);
        n = listIds(bits, words, nonZero, selected);
        sparse = n < nonZero * 32 * 0.1;
      } else if (selection) {
        const { bits, words, nonZero, size } = selection;
        total = size;
        let postings = 0;
        for (const c of asked) postings += 1 + (repeats?.get(c)?.length ?? 0);
        // Product by product costs a read of each asked kind's column entries per product (≈ 5 ns
        // an entry when the products are near in memory, 10 when a tenth or fewer of the words'
        // bits; without columns a far read of the pool, ≈ 30 words of a bitset); token by token a
        // pass over the selection's non-zero words per asked posting (≈ 4 ns a word alone, but a
        // stream of every posting through memory that other requests and processes share, which
        // measured two to three times slower in the server under load): token by token only when
        // it is half the cost or less (decision 080).
        const entries = kinds.reduce((m, kind) => m + WIDTH[kind]!, 0);
        sparse = size < nonZero * 32 * 0.1;
        const perEntry = sparse ? 10 : 5;
        const byProduct = columns
          ? size * entries * perEntry < postings * nonZero * 8
          : size * 30 < asked.length * nonZero;
        if (byProduct) {
          selected = this.idBuffer(size);
          n = listIds(bits, words, nonZero, selected);
        } else
          for (const code of asked) {
            let m = store.postings[code]!.countIn(bits, words, nonZero);
            for (const level of repeats?.get(code) ?? []) m += level.countIn(bits, words, nonZero);
            counts[code + 1] = m;
          }
      } else if (store.blockCounts) {
        // Every published product: every block whole.
        total = this.size;
        const blocks = TokenStore.blocksOf(this.capacity);
        this.addBlocks(
          Int32Array.from({ length: blocks }, (_, b) => b),
          blocks,
          asked,
          counts,
        );
      } else {
        selected = this.idBuffer(this.size);
        for (let id = 0; id < this.present.length; id++) if (this.present[id]) selected[total++] = id;
        n = total;
      }
      // A sparse selection asking three kinds or more: a product's slot (one cache line) costs
      // less than a line of each kind's column (measured in the server: «nike», every kind).
      if (selected && sparse && kinds.length >= 3 && store.slots) countSlots(selected, n, store, counts);
      else if (selected) for (const kind of kinds) countColumn(selected, n, store, kind, counts);
      const out: TokenCounts = { tokens: [''], counts: [total] };
      for (let c = 0; c < tokenOf.length; c++)
        if (counts[c + 1]! > 0 && this.kindOf[c]! >= 0 && mask & (1 << this.kindOf[c]!)) {
          out.tokens.push(tokenOf[c]!);
          out.counts.push(counts[c + 1]!);
        }
      return out;
    });
  }

  /** `facetCountsOf` for one group. */
  facetCounts(
    filters: ListingFilters,
    except: FilterKind | undefined,
    kinds: readonly FilterKind[],
    search?: Uint32Array | readonly number[],
  ): TokenCounts {
    return this.facetCountsOf(filters, [{ except, kinds }], search)[0]!;
  }

  /** Ids of the published products matching every filtered kind, or undefined when more than `limit`. */
  matchingIds(filters: ListingFilters, limit: number): number[] | undefined {
    const unions = this.unions(filters, undefined);
    const found: number[] = [];
    if (!unions) {
      for (let id = 0; id < this.present.length; id++)
        if (this.present[id] && found.push(this.idAt[id]!) > limit) return undefined;
    } else if (!forEachInUnions(unions, (id) => found.push(this.idAt[id]!) <= limit)) return undefined;
    return found.sort((a, b) => a - b);
  }

  /**
   * The products matching a full-text query (the text of a `tsquery`, as `matchQuery` reads it),
   * for `pageIds`: a conjunction of plain words as each word's own postings, read where they are
   * kept (decision 074: no bitset of a million products made per request); anything else
   * `matchQuery` reads as one bitset. Undefined where `matchQuery` is.
   */
  searchMatch(tsquery: string): SearchMatch | undefined {
    const words = tsquery.split(' & ');
    const lexemes = words.map((w) => /^'([^'\\]+)'$/.exec(w.trim())?.[1]);
    if (tsquery.trim() && lexemes.every((l) => l !== undefined)) {
      const unions: Union[] = [];
      for (const lexeme of lexemes) {
        const code = this.words.codeOf.get(lexeme);
        const posting = code === undefined ? undefined : this.words.postings[code]!;
        if (posting && !posting.bits) break; // a rare word: its few products as one bitset below
        unions.push({ parts: posting ? [posting.bits!] : [], size: posting?.size ?? 0 });
      }
      if (unions.length === lexemes.length) return unions.sort((x, y) => x.size - y.size);
    }
    const bits = this.matchQuery(tsquery);
    if (!bits) return undefined;
    let size = 0;
    for (let w = 0; w < bits.length; w++) if (bits[w] !== 0) size += popcount(bits[w]!);
    return [{ parts: [bits], size }];
  }

  /**
   * Whether any published product matches a full-text query (the text of a `tsquery`), what
   * `catalog_fulltext_matches` answers (decision 089); undefined where `searchMatch` is.
   */
  matchesAny(tsquery: string): boolean | undefined {
    const unions = this.searchMatch(tsquery);
    if (!unions) return undefined;
    if (unions.some((u) => u.size === 0 || u.parts.length === 0)) return false;
    return !forEachInUnions(unions, () => false);
  }

  /** Published products ascending by (`keys`, id), with the moves since it was made merged in. */
  private orderBy(keys: Int32Array | Float64Array): Int32Array {
    // By ordinal, ties by product id.
    const idAt = this.idAt;
    const before = (a: number, b: number) => keys[a]! - keys[b]! || idAt[a]! - idAt[b]!;
    let order = this.orders.get(keys);
    if (!order || order.moved.size * 8 > order.ids.length) {
      const ids = new Int32Array(this.size);
      let n = 0;
      for (let id = 0; id < this.capacity; id++) if (this.present[id]) ids[n++] = id;
      order = { ids: ids.sort(before), moved: new Set() };
      this.orders.set(keys, order);
      return order.ids;
    }
    if (!order.moved.size) return order.ids;
    // One pass: the unmoved in their order, merged with the moved still published, sorted.
    const moved = [...order.moved].filter((id) => this.present[id]).sort(before);
    const out = new Int32Array(this.size);
    let n = 0;
    let m = 0;
    for (const id of order.ids) {
      if (order.moved.has(id)) continue;
      while (m < moved.length && before(moved[m]!, id) < 0) out[n++] = moved[m++]!;
      out[n++] = id;
    }
    while (m < moved.length) out[n++] = moved[m++]!;
    order.ids = out;
    order.moved.clear();
    return out;
  }

  /**
   * The first `limit` ids of the products with every filtered kind of `filters` (and matching
   * `search`, from `searchMatch`, when given) in the order of `sort`, after the cursor `after` (its
   * key: a number, or for NEWEST microseconds since 1970), from the held sort keys; `more` when
   * others follow. The listing reads these rows by id with its own conditions, order and limit.
   *
   * Two ways, the same answer (decision 074): when the selection is expected to hold a page within
   * the first few tens of thousands of products of the sort's order (a broad one: a search, the
   * five filters of a million products), that order is walked from the cursor and each product
   * tested in the kinds' bitsets; else, or when the walk runs past that without a full page and
   * its follower, the bitsets are intersected word by word and the page kept while passing.
   */
  pageIds(
    filters: ListingFilters,
    sort: Sorting,
    after: { key: number; id: number } | undefined,
    limit: number,
    search?: SearchMatch,
  ): { ids: number[]; more: boolean } {
    const keys =
      sort === 'POPULARITY'
        ? this.popularity
        : sort === 'SALES'
          ? this.sales
          : sort === 'NEWEST'
            ? this.publishedAt
            : this.minPrice;
    if (limit <= 0) return { ids: [], more: false };
    const unions = this.unions(filters, search);
    // The walk's length if the kinds were independent: (limit + 1) / the selection's share; the
    // scan reads only the blocks where every kind has products (decision 087: with products
    // numbered by category and brand, 085, a selection naming either reads a few blocks) and
    // keeps every product it finds. Their costs at a million, in ns (measured for decision 087):
    // a walk tests a product in ≈ 12 (in chunks), a scan reads a word of each kind in ≈ 2 and
    // keeps a product it finds in ≈ 20. The cheaper goes first; a walk stops at 8 times its
    // expected length (or where it would cost 4 scans), so that kinds rarer together than apart
    // (women's categories and «men») soon fall back to the scan.
    let share = 1;
    for (const u of unions ?? []) share *= u.size / Math.max(1, this.size);
    const expected = (limit + 1) / share;
    const words = unions ? unionsWords(unions) : (this.capacity >>> 5) + 1;
    const blocks = unions ? commonBlocks(unions, words) : undefined;
    const scanWords = blocks ? blocksWords(blocks, words) : words;
    const scanCost = 2 * scanWords * Math.max(1, unions?.length ?? 0) + 20 * this.size * share;
    const budget = Math.min(Math.max(1024, 8 * expected), Math.max(1024, (4 * scanCost) / 12));
    if (12 * expected <= scanCost) {
      const walked = this.walkOrder(keys, sort === 'PRICE_ASC', after, limit, unions ?? [], budget);
      if (walked) return walked;
    }
    return this.scanPage(keys, sort, after, limit, unions, blocks && { words, blocks });
  }

  /**
   * `pageIds` by walking the sort's order from the cursor, testing each product in `unions`:
   * undefined when `budget` products were tested before the page and one more were found.
   */
  private walkOrder(
    keys: Int32Array | Float64Array,
    ascending: boolean,
    after: { key: number; id: number } | undefined,
    limit: number,
    unions: readonly Union[],
    budget: number,
  ): { ids: number[]; more: boolean } | undefined {
    const order = this.orderBy(keys);
    // The first position at or past the cursor in ascending (key, id): binary search.
    let lo = 0;
    let hi = order.length;
    if (after)
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const key = keys[order[mid]!]!;
        const id = this.idAt[order[mid]!]!;
        const below = key < after.key || (key === after.key && (ascending ? id <= after.id : id < after.id));
        if (below) lo = mid + 1;
        else hi = mid;
      }
    // Ascending: from the first product after the cursor; descending: backwards from the last before it.
    const step = ascending ? 1 : -1;
    let at = ascending ? (after ? lo : 0) : (after ? lo : order.length) - 1;
    const ids: number[] = [];
    // The walk in chunks (decision 087): every product of a chunk is tested in the cheapest union,
    // those that pass in the next, and so on, each pass without a branch on what memory holds, so
    // that the processor has many of those reads (far apart in memory: most of a walk's time) in
    // flight at once.
    const cost = (u: Union) => u.parts.length / Math.max(1e-9, 1 - u.size / Math.max(1, this.size));
    const tests = [...unions].sort((x, y) => cost(x) - cost(y)).map((u) => u.parts);
    const passed = this.walkChunk;
    for (let tested = 0; at >= 0 && at < order.length; ) {
      if (tested >= budget) return undefined;
      const n = Math.min(WALK_CHUNK, ascending ? order.length - at : at + 1);
      tested += n;
      for (let i = 0; i < n; i++, at += step) passed[i] = order[at]!;
      let m = n;
      for (let j = 0; j < tests.length && m > 0; j++) m = keepIn(tests[j]!, passed, m);
      for (let i = 0; i < m; i++) {
        if (ids.length === limit) return { ids, more: true };
        ids.push(this.idAt[passed[i]!]!);
      }
    }
    return { ids, more: false };
  }


  /** `pageIds` by a pass over the intersection of `unions` (undefined: every published product). */
  private scanPage(
    keys: Int32Array | Float64Array,
    sort: Sorting,
    after: { key: number; id: number } | undefined,
    limit: number,
    unions: readonly Union[] | undefined,
    /** The blocks `pageIds` found for `unions` (`commonBlocks`), not to be found again. */
    common?: { words: number; blocks: Uint32Array },
  ): { ids: number[]; more: boolean } {
    // Descending orders compare negated keys and ids: one ascending comparison for every sort.
    const sign = sort === 'PRICE_ASC' ? 1 : -1;
    const afterKey = after ? sign * after.key : -Infinity;
    const afterId = after ? sign * after.id : -Infinity;
    const page: number[] = [];
    const pageKeys: number[] = [];
    let found = 0;
    const take = (ord: number) => {
      const id = this.idAt[ord]!;
      const key = sign * keys[ord]!;
      const signed = sign * id;
      if (key < afterKey || (key === afterKey && signed <= afterId)) return true;
      found += 1;
      let at = page.length;
      if (at === limit) {
        const lastKey = pageKeys[at - 1]!;
        if (key > lastKey || (key === lastKey && signed > sign * page[at - 1]!)) return true;
        page.pop();
        pageKeys.pop();
        at -= 1;
      }
      while (
        at > 0 &&
        (pageKeys[at - 1]! > key || (pageKeys[at - 1] === key && sign * page[at - 1]! > signed))
      )
        at--;
      page.splice(at, 0, id);
      pageKeys.splice(at, 0, key);
      return true;
    };
    if (unions) forEachInUnions(unions, take, common?.words, common?.blocks);
    else for (let id = 0; id < this.present.length; id++) if (this.present[id]) take(id);
    return { ids: page, more: found > page.length };
  }

  /** Every product in the index with its tokens, lexemes and sort keys, by id (tests compare it with the table). */
  snapshot(): Map<number, { tokens: string[]; words: string[]; keys: number[] }> {
    const out = new Map<number, { tokens: string[]; words: string[]; keys: number[] }>();
    const ords: number[] = [];
    for (let ord = 0; ord < this.capacity; ord++) if (this.present[ord]) ords.push(ord);
    // By product id.
    ords.sort((a, b) => this.idAt[a]! - this.idAt[b]!);
    for (const id of ords)
      out.set(this.idAt[id]!, {
        tokens: this.facets.tokens(id),
        words: this.words.tokens(id),
        keys: [this.popularity[id]!, this.sales[id]!, this.minPrice[id]!, this.publishedAt[id]!],
      });
    return out;
  }
}

export type ProductRow = [
  id: number,
  tokens: string[],
  words: string[],
  popularity: number,
  sales: number,
  minPrice: number,
  publishedAtMicros: number,
];

// The index of each open database (one per app; several apps in one process each have their own):
// token-indexes.ts.

/** Creates and starts the index of `db`'s catalogue (app.ts, unless CATALOG_TOKEN_INDEX=off). */
export function attachTokenIndex(db: Database, onError?: (err: unknown) => void): TokenIndex {
  const index = new TokenIndex();
  indexes.set(db, index);
  index.start(db, onError);
  return index;
}

export function detachTokenIndex(db: Database): void {
  indexes.get(db)?.close();
  indexes.delete(db);
}

export { tokenIndexOf };
