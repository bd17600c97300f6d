// How long storing a find screenshot takes (modules/find/screenshots.ts: decode, upright, ≤ 1600 px,
// JPEG ≤ 1 MB) for the pictures shoppers send; 12 runs each, prints median and max.
// Run: npx tsx apps/api/bench/find-screenshot.ts
import sharp from 'sharp';
import { reencodeScreenshot } from '../src/modules/find/screenshots.ts';
import { loadavg } from 'node:os';
const inputs: [string, Buffer][] = [
  [
    'phone screenshot PNG 1170×2532',
    await sharp({
      create: {
        width: 1170,
        height: 2532,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer(),
  ],
  [
    'camera JPEG 4032×3024 (noise)',
    await sharp({
      create: {
        width: 4032,
        height: 3024,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer(),
  ],
  [
    'app upload JPEG 1024×1365',
    await sharp({
      create: {
        width: 1024,
        height: 1365,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 20 },
      },
    })
      .jpeg({ quality: 88 })
      .toBuffer(),
  ],
];
console.log(
  'load average',
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' '),
);
for (const [name, buf] of inputs) {
  const times: number[] = [];
  let out = 0;
  let dims = '';
  for (let i = 0; i < 12; i++) {
    const t = performance.now();
    const r = await reencodeScreenshot(buf);
    times.push(performance.now() - t);
    out = r.jpeg.length;
    dims = `${r.width}×${r.height}`;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name}: in ${(buf.length / 1024).toFixed(0)} KB → ${dims} ${(out / 1024).toFixed(0)} KB; median ${times[6]!.toFixed(0)} ms, max ${times[11]!.toFixed(0)} ms`,
  );
}
