// The default picture features (decision 023): the picture is normalised (EXIF rotation, optional
// crop, uniform frames and the background trimmed, the background painted white), then described
// by a 64-bit DCT hash (pHash), a 64-bit gradient hash (dHash) and a 72-bin HSV colour histogram of
// the item's own pixels. Pure sharp and arithmetic: no model, nothing downloaded.
import sharp from 'sharp';
import type { PhotoFeatures, PictureFeatures } from './photo-features.ts';
import {
  dominantColourBox,
  liftOverlayBands,
  pictureRegions,
  type Box,
  type Raster,
} from './picture-regions.ts';
import { findScreen, rectify } from './screen-photo.ts';

/** Decompression bombs: a picture with more pixels than this is refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Work size: enough detail for trimming and a 72-bin histogram, cheap to scan in JS. */
const WORK_PX = 256;
/** A shopper's screenshot is larger than a catalogue picture and the item a part of it. */
const QUERY_WORK_PX = 384;
/** Channel difference above which a pixel is not the background colour. */
const BG_TOLERANCE = 34;
export const HIST_BINS = 72;
/** The item's silhouette: share of item pixels in each cell of a SHAPE_SIDE² grid over its box. */
export const SHAPE_SIDE = 16;
export const SHAPE_CELLS = SHAPE_SIDE * SHAPE_SIDE;

export class NotAPictureError extends Error {}

/** Decodes, rotates, crops (fractions) and downsizes to ≤ WORK_PX on the long side, RGB on white. */
async function decode(
  input: Buffer,
  crop?: readonly [number, number, number, number],
  workPx = WORK_PX,
): Promise<Raster> {
  try {
    let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    if (crop) {
      const meta = await image.metadata();
      // After .rotate() the displayed width/height swap for EXIF orientations 5–8.
      const swap = (meta.orientation ?? 1) >= 5;
      const W = (swap ? meta.height : meta.width) ?? 0;
      const H = (swap ? meta.width : meta.height) ?? 0;
      const left = Math.min(W - 1, Math.round(crop[0] * W));
      const top = Math.min(H - 1, Math.round(crop[1] * H));
      const width = Math.max(1, Math.min(W - left, Math.round(crop[2] * W)));
      const height = Math.max(1, Math.min(H - top, Math.round(crop[3] * H)));
      // sharp applies .rotate() before .extract() when called in this order.
      image = image.extract({ left, top, width, height });
    }
    const { data, info } = await image
      .flatten({ background: '#ffffff' })
      .resize(workPx, workPx, { fit: 'inside' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw new NotAPictureError('too many pixels');
    throw new NotAPictureError(err instanceof Error ? err.message : 'undecodable');
  }
}

const differs = (d: Uint8Array, i: number, bg: readonly number[]) =>
  Math.abs(d[i]! - bg[0]!) > BG_TOLERANCE ||
  Math.abs(d[i + 1]! - bg[1]!) > BG_TOLERANCE ||
  Math.abs(d[i + 2]! - bg[2]!) > BG_TOLERANCE;

/** The colour of the box's outer ring when it is (mostly) one colour, else undefined. */
function uniformBorder(r: Raster, b: Box): number[] | undefined {
  const samples: number[][] = [[], [], []];
  const push = (x: number, y: number) => {
    const i = (y * r.width + x) * 3;
    for (let c = 0; c < 3; c++) samples[c]!.push(r.data[i + c]!);
  };
  for (let x = b.x0; x < b.x1; x++) {
    push(x, b.y0);
    push(x, b.y1 - 1);
  }
  for (let y = b.y0; y < b.y1; y++) {
    push(b.x0, y);
    push(b.x1 - 1, y);
  }
  const median = samples.map((s) => s.sort((a, c) => a - c)[s.length >> 1]!);
  let same = 0;
  const n = samples[0]!.length;
  for (let k = 0; k < n; k++) {
    if (
      Math.abs(samples[0]![k]! - median[0]!) <= BG_TOLERANCE &&
      Math.abs(samples[1]![k]! - median[1]!) <= BG_TOLERANCE &&
      Math.abs(samples[2]![k]! - median[2]!) <= BG_TOLERANCE
    )
      same++;
  }
  return same >= n * 0.6 ? median : undefined;
}

/** Bounding box of the pixels (in b) that differ from bg, ignoring rows/columns with a speck or two. */
function foregroundBox(r: Raster, b: Box, bg: readonly number[], corners = 0): Box | undefined {
  const w = b.x1 - b.x0;
  const h = b.y1 - b.y0;
  const cols = new Uint32Array(w);
  const rows = new Uint32Array(h);
  // `corners` (a share of the side): a pixel that near two sides at once is a rounded corner.
  const cx = Math.round(w * corners);
  const cy = Math.round(h * corners);
  for (let y = b.y0; y < b.y1; y++) {
    const nearTopOrBottom = y < b.y0 + cy || y >= b.y1 - cy;
    for (let x = b.x0; x < b.x1; x++) {
      if (nearTopOrBottom && (x < b.x0 + cx || x >= b.x1 - cx)) continue;
      if (differs(r.data, (y * r.width + x) * 3, bg)) {
        cols[x - b.x0]!++;
        rows[y - b.y0]!++;
      }
    }
  }
  const minCol = Math.max(1, Math.floor(h * 0.01));
  const minRow = Math.max(1, Math.floor(w * 0.01));
  let x0 = 0;
  while (x0 < w && cols[x0]! < minCol) x0++;
  let x1 = w;
  while (x1 > x0 && cols[x1 - 1]! < minCol) x1--;
  let y0 = 0;
  while (y0 < h && rows[y0]! < minRow) y0++;
  let y1 = h;
  while (y1 > y0 && rows[y1 - 1]! < minRow) y1--;
  if (x1 - x0 < 4 || y1 - y0 < 4) return undefined;
  return { x0: b.x0 + x0, y0: b.y0 + y0, x1: b.x0 + x1, y1: b.y0 + y1 };
}

/**
 * Peels uniform frames (a white screenshot margin, then the photo's own studio background) and
 * returns the item's box and the innermost background colour.
 */
function trim(
  r: Raster,
  start: Box = { x0: 0, y0: 0, x1: r.width, y1: r.height },
  corners = 0,
  screenBg?: number[],
): { box: Box; bg: number[]; outer: number[] } {
  let box = start;
  let bg = [255, 255, 255];
  let outer: number[] | undefined;
  for (let step = 0; step < 3; step++) {
    let border = uniformBorder(r, box);
    // A region of a screenshot: its outermost pixels may blend into what surrounds it (resampling).
    if (!border && corners > 0 && box.x1 - box.x0 > 12 && box.y1 - box.y0 > 12) {
      const inset = { x0: box.x0 + 2, y0: box.y0 + 2, x1: box.x1 - 2, y1: box.y1 - 2 };
      border = uniformBorder(r, inset);
      if (border) box = inset;
    }
    // A tilted screen's region has bits of its bezel on the ring: the screen's colour is its background.
    if (!border && step === 0 && screenBg) border = screenBg;
    if (!border) break;
    const inner = foregroundBox(r, box, border, corners);
    if (!inner) break;
    bg = border;
    outer ??= border;
    const same = inner.x0 === box.x0 && inner.y0 === box.y0 && inner.x1 === box.x1 && inner.y1 === box.y1;
    box = inner;
    if (same) break;
  }
  return { box, bg, outer: outer ?? bg };
}

/** A block's least height against the screenshot's: a belt or glasses is a short block. */
const MIN_BLOCK = 0.06;

/**
 * Tall blocks separated by empty rows (a screenshot: status bar, the picture, title, price,
 * button): the two tallest, each trimmed on its own, are searched alongside the whole picture.
 */
function blocks(r: Raster, box: Box, bg: readonly number[], inset = 0): Box[] {
  const h = box.y1 - box.y0;
  const w = box.x1 - box.x0;
  // A tilted screen's edges cross the rows near the sides: `inset` (a share of the width) is skipped.
  const xa = box.x0 + Math.round(w * inset);
  const xb = box.x1 - Math.round(w * inset);
  const runs: [number, number][] = [];
  let start = -1;
  for (let y = box.y0; y <= box.y1; y++) {
    let fg = 0;
    if (y < box.y1) for (let x = xa; x < xb; x++) if (differs(r.data, (y * r.width + x) * 3, bg)) fg++;
    const filled = y < box.y1 && fg > w * 0.01;
    if (filled && start < 0) start = y;
    if (!filled && start >= 0) {
      runs.push([start, y]);
      start = -1;
    }
  }
  if (runs.length < 2) return [];
  return runs
    .filter(([a, b]) => b - a >= h * MIN_BLOCK)
    .sort((p, q) => q[1] - q[0] - (p[1] - p[0]))
    .slice(0, 2)
    .map(([a, b]) => ({ x0: box.x0, y0: a, x1: box.x1, y1: b }));
}

/** 8×8 low-frequency DCT of a 32×32 grey picture, bit = coefficient above the median. */
function pHash(grey: Float64Array): bigint {
  const N = 32;
  const cos = new Float64Array(8 * N);
  for (let u = 0; u < 8; u++)
    for (let x = 0; x < N; x++) cos[u * N + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N));
  const rowT = new Float64Array(8 * N);
  for (let y = 0; y < N; y++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += grey[y * N + x]! * cos[u * N + x]!;
      rowT[u * N + y] = s;
    }
  const coeffs: number[] = [];
  for (let v = 0; v < 8; v++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let y = 0; y < N; y++) s += rowT[u * N + y]! * cos[v * N + y]!;
      coeffs.push(s);
    }
  const sorted = coeffs.slice(1).sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (let i = 0; i < 64; i++) if (coeffs[i]! > median) hash |= 1n << BigInt(i);
  return hash;
}

/** 9×8 grey: bit = brighter than the right neighbour. */
function dHash(grey: Float64Array): bigint {
  let hash = 0n;
  let bit = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++, bit++) if (grey[y * 9 + x]! > grey[y * 9 + x + 1]!) hash |= 1n << bit;
  return hash;
}

/** Box-filter resample of a grey raster (area average, any ratio). */
function resampleGrey(src: Float64Array, sw: number, sh: number, dw: number, dh: number): Float64Array {
  const out = new Float64Array(dw * dh);
  for (let y = 0; y < dh; y++) {
    const ya = (y * sh) / dh;
    const yb = ((y + 1) * sh) / dh;
    for (let x = 0; x < dw; x++) {
      const xa = (x * sw) / dw;
      const xb = ((x + 1) * sw) / dw;
      let sum = 0;
      let area = 0;
      for (let sy = Math.floor(ya); sy < Math.ceil(yb); sy++) {
        const wy = Math.min(yb, sy + 1) - Math.max(ya, sy);
        for (let sx = Math.floor(xa); sx < Math.ceil(xb); sx++) {
          const wx = Math.min(xb, sx + 1) - Math.max(xa, sx);
          sum += src[sy * sw + sx]! * wx * wy;
          area += wx * wy;
        }
      }
      out[y * dw + x] = sum / area;
    }
  }
  return out;
}

/** HSV bin: 8 hues × 3 saturations × 3 values; greys all go to hue 0. */
function hsvBin(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const v = max / 255;
  const s = max === 0 ? 0 : (max - min) / max;
  let h = 0;
  if (max !== min) {
    if (max === r) h = ((g - b) / (max - min) + 6) % 6;
    else if (max === g) h = (b - r) / (max - min) + 2;
    else h = (r - g) / (max - min) + 4;
  }
  const sBin = s < 0.2 ? 0 : s < 0.55 ? 1 : 2;
  const vBin = v < 0.35 ? 0 : v < 0.7 ? 1 : 2;
  const hBin = sBin === 0 ? 0 : Math.floor((h / 6) * 8) % 8;
  return hBin * 9 + sBin * 3 + vBin;
}

/**
 * A photo of a screen is darker and tinted: when the picture's own background is light but not
 * white, its channels are scaled so that background becomes a studio white (undefined: as is).
 */
function whiteBalance(bg: readonly number[]): number[] | undefined {
  const lo = Math.min(...bg);
  const hi = Math.max(...bg);
  if (lo < 110 || (lo >= 232 && hi - lo < 12)) return undefined;
  return bg.map((c) => STUDIO_WHITE / c);
}
const STUDIO_WHITE = 245;

/** Features of a normalised raster region: background painted white, then hashes and histogram. */
function describe(r: Raster, box: Box, bg: readonly number[], gain?: readonly number[]): PictureFeatures {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const grey = new Float64Array(w * h);
  const mask = new Float64Array(w * h);
  const hist = new Float64Array(HIST_BINS);
  let counted = 0;
  const paintBg = !(bg[0] === 255 && bg[1] === 255 && bg[2] === 255);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = ((box.y0 + y) * r.width + box.x0 + x) * 3;
      const isBg = !differs(r.data, i, bg);
      let R = isBg && paintBg ? 255 : r.data[i]!;
      let G = isBg && paintBg ? 255 : r.data[i + 1]!;
      let B = isBg && paintBg ? 255 : r.data[i + 2]!;
      if (gain && !isBg) {
        R = Math.min(255, R * gain[0]!);
        G = Math.min(255, G * gain[1]!);
        B = Math.min(255, B * gain[2]!);
      }
      grey[y * w + x] = 0.299 * R + 0.587 * G + 0.114 * B;
      if (!isBg) {
        mask[y * w + x] = 255;
        hist[hsvBin(R, G, B)]!++;
        counted++;
      }
    }
  const histogram = new Uint8Array(HIST_BINS);
  for (let k = 0; k < HIST_BINS; k++) histogram[k] = counted ? Math.round((hist[k]! / counted) * 255) : 0;
  return {
    phash: pHash(resampleGrey(grey, w, h, 32, 32)),
    dhash: dHash(resampleGrey(grey, w, h, 9, 8)),
    histogram,
    shape: Uint8Array.from(resampleGrey(mask, w, h, SHAPE_SIDE, SHAPE_SIDE), (v) => Math.round(v)),
  };
}

/** 1 − mean absolute difference of two silhouettes, 0…1. */
export function shapeSimilarity(a: Uint8Array, b: Uint8Array): number {
  let s = 0;
  for (let k = 0; k < SHAPE_CELLS; k++) s += Math.abs(a[k]! - b[k]!);
  return 1 - s / (SHAPE_CELLS * 255);
}

const popcount32 = (n: number) => {
  n = n - ((n >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

export const hamming = (a: bigint, b: bigint) => {
  const x = a ^ b;
  return popcount32(Number(x & 0xffffffffn)) + popcount32(Number(x >> 32n));
};

/** Histogram intersection of two 72-byte histograms (each sums to ≈ 255), 0…1. */
export function histIntersection(a: Uint8Array, b: Uint8Array): number {
  let s = 0;
  for (let k = 0; k < HIST_BINS; k++) s += Math.min(a[k]!, b[k]!);
  return s / 255;
}

/** An app shows pictures with rounded corners: up to this share of a side is the corner. */
const ROUNDED_CORNERS = 0.06;
/** At most this many views of one query (each is one scan of the index). */
const MAX_VIEWS = 8;

/**
 * The regions of a shopper's picture that may be the item (decision 056): the whole picture with its
 * frames peeled; blocks between empty rows (against the outermost and the innermost background);
 * picture-shaped spans between lines across a screenshot (a header, a caption band). Each region is
 * described as it is and, when its background is an off-white (a photo of a screen), white-balanced.
 */
function queryViews(raster: Raster): PictureFeatures[] {
  // A photo of a screen: the screen set upright is read first, like a screenshot.
  const corners = findScreen(raster);
  const screen = corners && rectify(raster, corners);
  const views = screen ? regionViews(screen, SCREEN_VIEWS) : [];
  return [...views, ...regionViews(raster, MAX_VIEWS - views.length)];
}
/** Views of a rectified screen kept ahead of the picture's own. */
const SCREEN_VIEWS = 4;

function regionViews(raster: Raster, most: number): PictureFeatures[] {
  type Region = { raster: Raster; box: Box; bg: number[] };
  const whole = trim(raster);
  const regions: Region[] = [{ raster, ...whole }];
  const add = (from: Raster, part: { box: Box; bg: number[] }) => {
    const same = regions.some(
      (q) =>
        q.raster === from &&
        Math.abs(q.box.x0 - part.box.x0) + Math.abs(q.box.x1 - part.box.x1) <= 2 &&
        Math.abs(q.box.y0 - part.box.y0) + Math.abs(q.box.y1 - part.box.y1) <= 2,
    );
    if (!same) regions.push({ raster: from, ...part });
  };
  const candidates = [
    ...blocks(raster, whole.box, whole.outer),
    ...blocks(raster, whole.box, whole.bg),
    ...pictureRegions(raster, whole.box),
  ];
  const lifted = liftOverlayBands(raster, whole.box);
  if (lifted)
    for (const candidate of pictureRegions(lifted, whole.box))
      add(lifted, trim(lifted, candidate, ROUNDED_CORNERS));
  for (const candidate of candidates) add(raster, trim(raster, candidate, ROUNDED_CORNERS));
  const screen = dominantColourBox(raster, whole.box);
  const fromScreen = screen
    ? [...blocks(raster, screen.box, screen.colour, 0.08), ...pictureRegions(raster, screen.box)]
    : [];
  for (const candidate of fromScreen) add(raster, trim(raster, candidate, ROUNDED_CORNERS, screen!.colour));
  const views: PictureFeatures[] = [];
  for (const { raster: from, box, bg } of regions) {
    if (views.length >= most) break;
    views.push(describe(from, box, bg));
    const gain = whiteBalance(bg);
    if (gain && views.length < most) views.push(describe(from, box, bg, gain));
  }
  return views;
}

export const hashFeatures: PhotoFeatures = {
  id: 'hash-v1',
  async extract(input) {
    const raster = await decode(input);
    const { box, bg } = trim(raster);
    return describe(raster, box, bg);
  },
  async extractQuery(input, crop) {
    const raster = await decode(input, crop, QUERY_WORK_PX);
    return queryViews(raster);
  },
};
