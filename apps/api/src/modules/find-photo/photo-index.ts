// The in-memory picture index: flat typed arrays (≈ 90 bytes a picture: 100 000 pictures ≈ 9 MB)
// scanned by brute force, best picture per product. Rebuilt whole when the catalogue changes.
import type { PictureFeatures } from './photo-features.ts';
import { HIST_BINS, SHAPE_CELLS } from './hash-features.ts';

export type IndexEntry = { productId: number; position?: number } & PictureFeatures;
export type PhotoHit = { productId: number; score: number; exact: boolean };

/**
 * score = 0.35·silhouette + 0.35·colour histogram + 0.20·pHash + 0.10·dHash similarity (weights
 * tuned on the benchmark, docs/benchmarks.md). «Exact» is a near-duplicate: the same silhouette and
 * colours and a close pHash.
 */
const W_SHAPE = 0.35;
const W_HIST = 0.35;
const W_PHASH = 0.2;
const W_DHASH = 0.1;
export const EXACT = { maxPhashBits: 20, minShape: 0.97, minHist: 0.7 };
/** Below this a match is not shown (tuned on the benchmark: unrelated pictures score under it). */
export const MIN_SCORE = 0.55;
/**
 * A screenshot usually shows a product's first picture: when two products match equally well, the
 * one whose first picture matched ranks first.
 */
const FIRST_PICTURE_BONUS = 0.005;

const popcount32 = (n: number) => {
  n = n - ((n >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};
const lo = (n: bigint) => Number(n & 0xffffffffn);
const hi = (n: bigint) => Number((n >> 32n) & 0xffffffffn);

type ScanState = {
  best: Map<number, { score: number; exact: boolean }>;
  /** No picture scoring under this can enter the result (the threshold, then the last place). */
  floor: number;
  /** The threshold a match must pass to be shown at all. */
  minScore?: number;
  limit: number;
};
const MIN_SCORE_OF = (state: ScanState) => state.minScore ?? MIN_SCORE;

/** Raises the floor to the score of the result's last place and forgets products under it. */
function raiseFloor(state: ScanState) {
  const scores = [...state.best.values()].map((v) => v.score).sort((a, b) => b - a);
  const last = scores[state.limit - 1]!;
  if (last <= state.floor) return;
  state.floor = last;
  for (const [id, v] of state.best) if (v.score < last) state.best.delete(id);
}

export class PhotoIndex {
  readonly size: number;
  private readonly products: Int32Array;
  private readonly firsts: Uint8Array;
  private readonly hashes: Uint32Array;
  private readonly histograms: Uint8Array;
  private readonly shapes: Uint8Array;

  constructor(entries: readonly IndexEntry[]) {
    this.size = entries.length;
    this.products = new Int32Array(this.size);
    this.firsts = new Uint8Array(this.size);
    this.hashes = new Uint32Array(this.size * 4);
    this.histograms = new Uint8Array(this.size * HIST_BINS);
    this.shapes = new Uint8Array(this.size * SHAPE_CELLS);
    entries.forEach((e, i) => {
      this.products[i] = e.productId;
      this.firsts[i] = e.position === 0 ? 1 : 0;
      this.hashes[i * 4] = hi(e.phash);
      this.hashes[i * 4 + 1] = lo(e.phash);
      this.hashes[i * 4 + 2] = hi(e.dhash);
      this.hashes[i * 4 + 3] = lo(e.dhash);
      this.histograms.set(e.histogram, i * HIST_BINS);
      this.shapes.set(e.shape, i * SHAPE_CELLS);
    });
  }

  /**
   * The best-scoring products for any of the query's views (one hit per product: its best picture
   * against its best view), highest score first.
   */
  search(views: readonly PictureFeatures[], limit: number, minScore = MIN_SCORE): PhotoHit[] {
    const state: ScanState = { best: new Map(), floor: minScore, minScore, limit };
    for (const view of views) this.scan(view, state);
    return [...state.best]
      .sort(([ia, a], [ib, b]) => b.score - a.score || ia - ib)
      .slice(0, limit)
      .map(([productId, { score, exact }]) => ({
        productId,
        score: Math.min(1, Math.round(score * 1000) / 1000),
        exact,
      }));
  }

  private scan(query: PictureFeatures, state: ScanState) {
    const { best } = state;
    const qp0 = hi(query.phash);
    const qp1 = lo(query.phash);
    const qd0 = hi(query.dhash);
    const qd1 = lo(query.dhash);
    const qh = query.histogram;
    const qs = query.shape;
    const h = this.hashes;
    const hist = this.histograms;
    const shapes = this.shapes;
    for (let i = 0; i < this.size; i++) {
      // Every 1 024 pictures: the score the result's last place already has is the new floor, so
      // most pictures are dismissed on their hashes or colours without the silhouette.
      if ((i & 1023) === 1023 && best.size > state.limit * 2) raiseFloor(state);
      const minScore = state.floor;
      const p = popcount32(h[i * 4]! ^ qp0) + popcount32(h[i * 4 + 1]! ^ qp1);
      const d = popcount32(h[i * 4 + 2]! ^ qd0) + popcount32(h[i * 4 + 3]! ^ qd1);
      const hashPart = W_PHASH * (1 - p / 64) + W_DHASH * (1 - d / 64);
      if (hashPart + W_HIST + W_SHAPE + FIRST_PICTURE_BONUS < minScore) continue;
      let inter = 0;
      const hb = i * HIST_BINS;
      for (let k = 0; k < HIST_BINS; k++) {
        const a = hist[hb + k]!;
        const b = qh[k]!;
        inter += a < b ? a : b;
      }
      const histSim = inter / 255;
      // Cheap bound: even a perfect silhouette cannot lift this picture over the threshold.
      if (hashPart + W_HIST * histSim + W_SHAPE + FIRST_PICTURE_BONUS < minScore) continue;
      let diff = 0;
      const sb = i * SHAPE_CELLS;
      for (let k = 0; k < SHAPE_CELLS; k++) {
        const x = shapes[sb + k]! - qs[k]!;
        diff += x < 0 ? -x : x;
      }
      const shapeSim = 1 - diff / (SHAPE_CELLS * 255);
      const match = hashPart + W_HIST * histSim + W_SHAPE * shapeSim;
      if (match < MIN_SCORE_OF(state)) continue;
      const score = match + (this.firsts[i] ? FIRST_PICTURE_BONUS : 0);
      if (score < minScore) continue;
      const productId = this.products[i]!;
      const exact = p <= EXACT.maxPhashBits && shapeSim >= EXACT.minShape && histSim >= EXACT.minHist;
      const seen = best.get(productId);
      if (!seen) best.set(productId, { score, exact });
      else {
        if (score > seen.score) seen.score = score;
        if (exact) seen.exact = true;
      }
    }
  }
}
