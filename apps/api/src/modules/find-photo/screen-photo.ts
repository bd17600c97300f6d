// A photo of a screen (decision 056, issue 27): the shopper photographs a phone or monitor showing the
// product. The screen is the largest bright area that a darker surround (bezel, desk) closes on all
// sides; its four edges are fitted as straight lines, and the quadrilateral they make is resampled
// into an upright rectangle (an affine map from three corners: a skew or a small tilt of the camera),
// softened a little against the screen's own pixel grid (moiré). The rectified screen is then read
// like any screenshot.
import type { Box, Raster } from './picture-regions.ts';

type Point = { x: number; y: number };
/** x = a·t + b along one edge (t: y for the sides, x for the top and bottom). */
type Line = { a: number; b: number };

const luma = (d: Uint8Array, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

/** Otsu's threshold of the picture's brightness. */
function otsu(r: Raster): number {
  const hist = new Float64Array(256);
  const n = r.width * r.height;
  for (let p = 0; p < n; p++) hist[Math.round(luma(r.data, p * 3))]!++;
  let sum = 0;
  for (let k = 0; k < 256; k++) sum += k * hist[k]!;
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let threshold = 128;
  for (let k = 0; k < 256; k++) {
    wB += hist[k]!;
    if (wB === 0 || wB === n) continue;
    sumB += k * hist[k]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / (n - wB);
    const between = wB * (n - wB) * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = k;
    }
  }
  return threshold;
}

/** The largest 4-connected set of pixels brighter than the threshold, as a mask, and its size. */
function largestBright(r: Raster, threshold: number): { mask: Uint8Array; size: number } {
  const n = r.width * r.height;
  const bright = new Uint8Array(n);
  for (let p = 0; p < n; p++) bright[p] = luma(r.data, p * 3) > threshold ? 1 : 0;
  const label = new Int32Array(n);
  const stack = new Int32Array(n);
  let bestLabel = 0;
  let bestSize = 0;
  let next = 0;
  for (let s = 0; s < n; s++) {
    if (!bright[s] || label[s]) continue;
    next++;
    let top = 0;
    let size = 0;
    stack[top++] = s;
    label[s] = next;
    while (top > 0) {
      const p = stack[--top]!;
      size++;
      const x = p % r.width;
      // Left, right, up, down (inlined: this loop runs once a pixel).
      let q = p - 1;
      if (x > 0 && bright[q] && !label[q]) {
        label[q] = next;
        stack[top++] = q;
      }
      q = p + 1;
      if (x < r.width - 1 && bright[q] && !label[q]) {
        label[q] = next;
        stack[top++] = q;
      }
      q = p - r.width;
      if (q >= 0 && bright[q] && !label[q]) {
        label[q] = next;
        stack[top++] = q;
      }
      q = p + r.width;
      if (q < n && bright[q] && !label[q]) {
        label[q] = next;
        stack[top++] = q;
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = next;
    }
  }
  const mask = new Uint8Array(n);
  for (let p = 0; p < n; p++) mask[p] = label[p] === bestLabel ? 1 : 0;
  return { mask, size: bestSize };
}

/** Least squares of x on t, refitted without the points more than 2 px off the first fit. */
function fit(points: [number, number][]): Line | undefined {
  const solve = (ps: [number, number][]) => {
    if (ps.length < 8) return undefined;
    let st = 0;
    let sx = 0;
    let stt = 0;
    let stx = 0;
    for (const [t, x] of ps) {
      st += t;
      sx += x;
      stt += t * t;
      stx += t * x;
    }
    const den = ps.length * stt - st * st;
    if (den === 0) return undefined;
    const a = (ps.length * stx - st * sx) / den;
    return { a, b: (sx - a * st) / ps.length };
  };
  const first = solve(points);
  if (!first) return undefined;
  return solve(points.filter(([t, x]) => Math.abs(first.a * t + first.b - x) <= 2)) ?? first;
}

/** Where a side (x = a·y + b) meets a top or bottom (y = a·x + b). */
function meet(side: Line, edge: Line): Point {
  // x = s.a·y + s.b, y = e.a·x + e.b → x = s.a·(e.a·x + e.b) + s.b
  const x = (side.a * edge.b + side.b) / (1 - side.a * edge.a);
  return { x, y: edge.a * x + edge.b };
}

/** Largest tilt (as a slope) and least share of the picture for a bright area to be a screen. */
const MAX_SLOPE = 0.12;
const MIN_SHARE = 0.15;

/**
 * The screen's corners (top-left, top-right, bottom-left, bottom-right) when the picture is a photo
 * of a screen: a bright area that touches no edge of the picture, is at least MIN_SHARE of it and has
 * four straight edges; else undefined (a screenshot, a product photo).
 */
export function findScreen(r: Raster): [Point, Point, Point, Point] | undefined {
  const { mask, size } = largestBright(r, otsu(r));
  if (size < r.width * r.height * MIN_SHARE) return undefined;
  const at = (x: number, y: number) => mask[y * r.width + x] === 1;
  const box: Box = { x0: r.width, y0: r.height, x1: 0, y1: 0 };
  for (let y = 0, p = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++, p++)
      if (mask[p]) {
        if (x < box.x0) box.x0 = x;
        if (x >= box.x1) box.x1 = x + 1;
        if (y < box.y0) box.y0 = y;
        box.y1 = y + 1;
      }
  // A screenshot's background reaches the picture's edges: not a photo of a screen.
  if (box.x0 <= 1 || box.y0 <= 1 || box.x1 >= r.width - 1 || box.y1 >= r.height - 1) return undefined;
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  for (let y = Math.round(box.y0 + h * 0.15); y < box.y1 - h * 0.15; y++) {
    let a = box.x0;
    while (a < box.x1 && !at(a, y)) a++;
    let c = box.x1 - 1;
    while (c > a && !at(c, y)) c--;
    if (c > a) {
      left.push([y, a]);
      right.push([y, c + 1]);
    }
  }
  const top: [number, number][] = [];
  const bottom: [number, number][] = [];
  for (let x = Math.round(box.x0 + w * 0.15); x < box.x1 - w * 0.15; x++) {
    let a = box.y0;
    while (a < box.y1 && !at(x, a)) a++;
    let c = box.y1 - 1;
    while (c > a && !at(x, c)) c--;
    if (c > a) {
      top.push([x, a]);
      bottom.push([x, c + 1]);
    }
  }
  const [l, rt, t, b] = [fit(left), fit(right), fit(top), fit(bottom)];
  if (!l || !rt || !t || !b) return undefined;
  if ([l, rt, t, b].some((line) => Math.abs(line.a) > MAX_SLOPE)) return undefined;
  // Straight edges: most of each side's points lie on its line (a screen, not a blob).
  const on = (ps: [number, number][], line: Line) =>
    ps.filter(([s, x]) => Math.abs(line.a * s + line.b - x) <= 2).length / ps.length;
  if (on(left, l) < 0.8 || on(right, rt) < 0.8 || on(top, t) < 0.8 || on(bottom, b) < 0.8) return undefined;
  return [meet(l, t), meet(rt, t), meet(l, b), meet(rt, b)];
}

/**
 * The quadrilateral resampled upright (bilinear, an affine map from its top-left, top-right and
 * bottom-left corners), `inset` px of its rim left out, then a 3×3 box blur against moiré.
 */
export function rectify(r: Raster, corners: [Point, Point, Point, Point], inset = 2): Raster | undefined {
  const [tl, tr, bl] = corners;
  const width = Math.round(Math.hypot(tr.x - tl.x, tr.y - tl.y)) - 2 * inset;
  const height = Math.round(Math.hypot(bl.x - tl.x, bl.y - tl.y)) - 2 * inset;
  if (width < 16 || height < 16) return undefined;
  const out = new Uint8Array(width * height * 3);
  const W = width + 2 * inset;
  const H = height + 2 * inset;
  for (let v = 0; v < height; v++)
    for (let u = 0; u < width; u++) {
      const fu = (u + inset) / W;
      const fv = (v + inset) / H;
      const x = tl.x + fu * (tr.x - tl.x) + fv * (bl.x - tl.x);
      const y = tl.y + fu * (tr.y - tl.y) + fv * (bl.y - tl.y);
      const x0 = Math.max(0, Math.min(r.width - 2, Math.floor(x)));
      const y0 = Math.max(0, Math.min(r.height - 2, Math.floor(y)));
      const dx = Math.max(0, Math.min(1, x - x0));
      const dy = Math.max(0, Math.min(1, y - y0));
      for (let c = 0; c < 3; c++) {
        const p = (yy: number, xx: number) => r.data[(yy * r.width + xx) * 3 + c]!;
        const top = p(y0, x0) * (1 - dx) + p(y0, x0 + 1) * dx;
        const bot = p(y0 + 1, x0) * (1 - dx) + p(y0 + 1, x0 + 1) * dx;
        out[(v * width + u) * 3 + c] = Math.round(top * (1 - dy) + bot * dy);
      }
    }
  const soft = new Uint8Array(out.length);
  for (let v = 0; v < height; v++)
    for (let u = 0; u < width; u++)
      for (let c = 0; c < 3; c++) {
        let s = 0;
        let k = 0;
        for (let dv = -1; dv <= 1; dv++)
          for (let du = -1; du <= 1; du++) {
            const yy = v + dv;
            const xx = u + du;
            if (yy < 0 || yy >= height || xx < 0 || xx >= width) continue;
            s += out[(yy * width + xx) * 3 + c]!;
            k++;
          }
        soft[(v * width + u) * 3 + c] = Math.round(s / k);
      }
  return { data: soft, width, height };
}
