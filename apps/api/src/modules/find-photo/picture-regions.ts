// Where the product's picture may be inside a shopper's screenshot (decision 056): the app's chrome
// meets the picture along straight lines that cross most of the screen — the header's lower edge,
// the picture's own top and bottom, a caption band laid over it, the band under it. Those rows are
// found from the picture's vertical gradient (over a few rows, so a blurred photo of a screen or a
// slight tilt still shows them), and every picture-shaped span between two of them is a candidate.

export type Raster = { data: Uint8Array; width: number; height: number };
export type Box = { x0: number; y0: number; x1: number; y1: number };

/** Channel step (between rows two apart) that counts as an edge pixel. */
const EDGE_STEP = 28;
/** Share of the row's pixels on an edge for the row to be a line across the screen. */
const LINE_SHARE = 0.45;
/** A candidate's height against its width: picture-shaped, not a band. */
const MIN_ASPECT = 0.55;
const MAX_ASPECT = 1.6;
const MAX_REGIONS = 4;

/** Share of each row's pixels on a horizontal edge (the strongest within ±1 row). */
function rowEdges(r: Raster, b: Box): Float64Array {
  const w = b.x1 - b.x0;
  const raw = new Float64Array(r.height);
  for (let y = b.y0 + 2; y < b.y1; y++) {
    let n = 0;
    for (let x = b.x0; x < b.x1; x++) {
      const i = (y * r.width + x) * 3;
      const j = i - 2 * r.width * 3;
      const d = r.data;
      if (
        Math.abs(d[i]! - d[j]!) > EDGE_STEP ||
        Math.abs(d[i + 1]! - d[j + 1]!) > EDGE_STEP ||
        Math.abs(d[i + 2]! - d[j + 2]!) > EDGE_STEP
      )
        n++;
    }
    raw[y] = n / w;
  }
  const out = new Float64Array(r.height);
  for (let y = b.y0 + 1; y < b.y1 - 1; y++) out[y] = Math.max(raw[y - 1]!, raw[y]!, raw[y + 1]!);
  return out;
}

/** Rows that are lines across the box (one per run of neighbouring rows), with the box's own edges. */
export function horizontalLines(r: Raster, b: Box): number[] {
  const e = rowEdges(r, b);
  const lines = [b.y0];
  let runStart = -1;
  for (let y = b.y0; y <= b.y1; y++) {
    const on = y < b.y1 && e[y]! >= LINE_SHARE;
    if (on && runStart < 0) runStart = y;
    if (!on && runStart >= 0) {
      lines.push(Math.round((runStart + y - 1) / 2));
      runStart = -1;
    }
  }
  lines.push(b.y1);
  return lines;
}

const area = (q: Box) => (q.x1 - q.x0) * (q.y1 - q.y0);
/** Intersection over union of two boxes, 0…1. */
const iou = (a: Box, c: Box) => {
  const w = Math.min(a.x1, c.x1) - Math.max(a.x0, c.x0);
  const h = Math.min(a.y1, c.y1) - Math.max(a.y0, c.y0);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (area(a) + area(c) - w * h);
};

/**
 * The screen's own background and where it reaches: the commonest colour of the box (4 bits a
 * channel) and the rows and columns that hold a fair share of it. In a photo of a screen that is the
 * screen inside its bezel and the desk; in a screenshot, the app's background.
 */
export function dominantColourBox(r: Raster, b: Box): { box: Box; colour: number[] } | undefined {
  const bins = new Uint32Array(4096);
  for (let y = b.y0; y < b.y1; y++)
    for (let x = b.x0; x < b.x1; x++) {
      const i = (y * r.width + x) * 3;
      bins[((r.data[i]! >> 4) << 8) | ((r.data[i + 1]! >> 4) << 4) | (r.data[i + 2]! >> 4)]!++;
    }
  let mode = 0;
  for (let k = 1; k < 4096; k++) if (bins[k]! > bins[mode]!) mode = k;
  const colour = [((mode >> 8) << 4) + 8, (((mode >> 4) & 15) << 4) + 8, ((mode & 15) << 4) + 8];
  const cols = new Uint32Array(r.width);
  const rows = new Uint32Array(r.height);
  for (let y = b.y0; y < b.y1; y++)
    for (let x = b.x0; x < b.x1; x++) {
      const i = (y * r.width + x) * 3;
      if (
        Math.abs(r.data[i]! - colour[0]!) <= 20 &&
        Math.abs(r.data[i + 1]! - colour[1]!) <= 20 &&
        Math.abs(r.data[i + 2]! - colour[2]!) <= 20
      ) {
        cols[x]!++;
        rows[y]!++;
      }
    }
  const span = (counts: Uint32Array, from: number, to: number) => {
    let max = 0;
    for (let k = from; k < to; k++) max = Math.max(max, counts[k]!);
    let a = from;
    while (a < to && counts[a]! < max * 0.15) a++;
    let c = to;
    while (c > a && counts[c - 1]! < max * 0.15) c--;
    return [a, c] as const;
  };
  const [x0, x1] = span(cols, b.x0, b.x1);
  const [y0, y1] = span(rows, b.y0, b.y1);
  if (x1 - x0 < 8 || y1 - y0 < 8) return undefined;
  return { box: { x0, y0, x1, y1 }, colour };
}

/**
 * Picture-shaped spans of the box between two lines across it, largest first (at most four, none
 * mostly inside a larger one). A plain product photo has no such lines: none.
 */
export function pictureRegions(r: Raster, b: Box): Box[] {
  const w = b.x1 - b.x0;
  const lines = horizontalLines(r, b);
  if (lines.length <= 2) return [];
  const found: Box[] = [];
  for (let i = 0; i < lines.length; i++)
    for (let j = i + 1; j < lines.length; j++) {
      const h = lines[j]! - lines[i]!;
      if (h < w * MIN_ASPECT || h > w * MAX_ASPECT) continue;
      // Inside: a step off the lines themselves.
      found.push({ x0: b.x0, y0: lines[i]! + 2, x1: b.x1, y1: lines[j]! - 1 });
    }
  const kept: Box[] = [];
  // Nearest a square first; a span that is nearly the same as a kept one adds nothing.
  const squareness = (q: Box) => Math.abs(Math.log((q.y1 - q.y0) / w));
  for (const box of found.sort((p, q) => squareness(p) - squareness(q))) {
    if (kept.some((k) => iou(k, box) > 0.85)) continue;
    kept.push(box);
    if (kept.length === MAX_REGIONS) break;
  }
  return kept;
}

/** The commonest colour of rows y0…y1 of the box's columns: the mean of the pixels in the fullest
 * bin (4 bits a channel) and its neighbourhood, not the bin's centre (a band's ratio needs it). */
function modeColour(r: Raster, b: Box, y0: number, y1: number): number[] {
  const bins = new Uint32Array(4096);
  for (let y = y0; y < y1; y++)
    for (let x = b.x0; x < b.x1; x++) {
      const i = (y * r.width + x) * 3;
      bins[((r.data[i]! >> 4) << 8) | ((r.data[i + 1]! >> 4) << 4) | (r.data[i + 2]! >> 4)]!++;
    }
  let mode = 0;
  for (let k = 1; k < 4096; k++) if (bins[k]! > bins[mode]!) mode = k;
  const centre = [((mode >> 8) << 4) + 8, (((mode >> 4) & 15) << 4) + 8, ((mode & 15) << 4) + 8];
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = b.x0; x < b.x1; x++) {
      const i = (y * r.width + x) * 3;
      if (centre.every((c, k) => Math.abs(r.data[i + k]! - c) <= 16)) {
        for (let k = 0; k < 3; k++) sum[k]! += r.data[i + k]!;
        n++;
      }
    }
  return n ? sum.map((v) => Math.max(1, v / n)) : centre;
}

/** Mean channel distance of row y (the box's columns) from a colour. */
function rowDistance(r: Raster, b: Box, y: number, colour: number[]): number {
  let s = 0;
  for (let x = b.x0; x < b.x1; x++) {
    const i = (y * r.width + x) * 3;
    s += Math.abs(r.data[i]! - colour[0]!) + Math.abs(r.data[i + 1]! - colour[1]!) + Math.abs(r.data[i + 2]! - colour[2]!);
  }
  return s / (b.x1 - b.x0);
}

/** Most of rows y0…y1 of the box's outer columns (3 % a side) are near the colour. */
function reachesSides(r: Raster, b: Box, y0: number, y1: number, colour: number[]): boolean {
  const side = Math.max(1, Math.round((b.x1 - b.x0) * 0.03));
  let near = 0;
  let all = 0;
  for (let y = y0; y < y1; y++)
    for (const x0 of [b.x0, b.x1 - side])
      for (let x = x0; x < x0 + side; x++) {
        const i = (y * r.width + x) * 3;
        all++;
        if (colour.every((c, k) => Math.abs(r.data[i + k]! - c) <= 24)) near++;
      }
  return all > 0 && near >= all * 0.6;
}

/**
 * A caption band laid over the picture (a story, a banner) darkens the item under it. A band between
 * two lines whose commonest colour is an evenly darkened copy of the span's above it is lifted back
 * (its rows scaled by the ratio): a copy of the raster, or undefined when there is no such band.
 */
export function liftOverlayBands(r: Raster, b: Box): Raster | undefined {
  const lines = horizontalLines(r, b);
  const h = b.y1 - b.y0;
  const modes = lines.slice(1).map((y, k) => modeColour(r, b, lines[k]! + 2, y - 1));
  const near = (p: number[], q: number[]) => p.every((c, i) => Math.abs(c - q[i]!) <= 16);
  let out: Uint8Array | undefined;
  for (let k = 1; k + 1 < lines.length; k++) {
    const top = lines[k]!;
    const band = modes[k]!;
    // A band crossed by a line of its own text is one band: the next spans of its colour join it.
    let last = k + 1;
    while (last + 1 < lines.length && near(modes[last]!, band) && lines[last + 1]! - top <= h * 0.35) last++;
    const bottom = lines[last]!;
    if (bottom - top < h * 0.03 || bottom - top > h * 0.35) continue;
    // What the band darkens: the background of a span above it — of those whose colour the band
    // is an evenly darkened copy of, the most even (an item crossing a line is not).
    let ratios: number[] | undefined;
    let above: number[] | undefined;
    let spread = Infinity;
    for (let j = k - 1; j >= 0; j--) {
      if (lines[j + 1]! - lines[j]! < h * 0.05) continue;
      const colour = modes[j]!;
      const rs = colour.map((c, i) => band[i]! / c);
      const lo = Math.min(...rs);
      const hi = Math.max(...rs);
      if (lo >= 0.15 && hi <= 0.85 && hi - lo <= 0.15 && Math.min(...colour) >= 120 && hi - lo < spread) {
        [ratios, above, spread] = [rs, colour, hi - lo];
      }
    }
    if (!ratios || !above) continue;
    // An overlay crosses the whole picture: its colour reaches both sides (an item's span does not).
    if (!reachesSides(r, b, top + 2, bottom - 1, band)) continue;
    k = last - 1;
    // The lines are found ±2 rows: the band runs over the rows nearer its colour than the one above.
    const nearer = (y: number) => rowDistance(r, b, y, band) < rowDistance(r, b, y, above);
    let y0 = top;
    while (y0 > b.y0 && y0 > top - 4 && nearer(y0 - 1)) y0--;
    while (y0 < top + 4 && !nearer(y0)) y0++;
    let y1 = bottom;
    while (y1 < b.y1 && y1 < bottom + 4 && nearer(y1)) y1++;
    out ??= Uint8Array.from(r.data);
    for (let y = y0; y < y1; y++)
      for (let x = b.x0; x < b.x1; x++) {
        const i = (y * r.width + x) * 3;
        for (let c = 0; c < 3; c++) out[i + c] = Math.min(255, Math.round(out[i + c]! / ratios[c]!));
      }
    // The band's edges blend both sides (resampling): each takes its neighbour row's pixels.
    const copyRow = (to: number, from: number) => {
      if (to < b.y0 || to >= b.y1) return;
      const w = r.width * 3;
      out!.copyWithin(to * w + b.x0 * 3, from * w + b.x0 * 3, from * w + b.x1 * 3);
    };
    copyRow(y0, y0 + 1);
    copyRow(y1 - 1, y1 - 2);
  }
  return out && { data: out, width: r.width, height: r.height };
}
