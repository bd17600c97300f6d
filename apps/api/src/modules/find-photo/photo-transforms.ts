// What shoppers do to a catalogue picture before they search with it, for the API test and the
// benchmark (apps/api/bench/photo.ts): make it smaller, recompress it, screenshot it with a white
// frame or the phone's UI around it, crop it, put the item on another background, tilt it.
import sharp from 'sharp';

export type Transform = {
  name: string;
  /** `svg`: the picture's SVG source when it has one (for the background swap). */
  apply(picture: Buffer, svg?: string): Promise<Buffer>;
};

const SIZE = 800;

/** 50 % size, a white frame like a screenshot margin, JPEG quality 60 (the issue's «Must show»). */
export const screenshotLike: Transform = {
  name: 'smaller + white frame + JPEG q60',
  apply: async (picture) => {
    const small = await sharp(picture)
      .resize(SIZE / 2)
      .png()
      .toBuffer();
    return sharp(small)
      .extend({ top: 90, bottom: 160, left: 24, right: 24, background: '#ffffff' })
      .jpeg({ quality: 60 })
      .toBuffer();
  },
};

/** A phone screenshot of the product page: status bar, header, the picture, title and price lines. */
const phoneScreenshot: Transform = {
  name: 'phone screenshot (status bar, title, button)',
  apply: async (picture) => {
    const width = 390;
    const pic = await sharp(picture)
      .resize(width - 32)
      .png()
      .toBuffer();
    const ui = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="844">
      <rect width="${width}" height="844" fill="#ffffff"/>
      <rect width="${width}" height="44" fill="#f2f2f7"/>
      <rect x="16" y="14" width="40" height="14" rx="4" fill="#111"/>
      <rect x="${width - 70}" y="14" width="54" height="14" rx="4" fill="#111"/>
      <rect x="16" y="60" width="24" height="24" rx="4" fill="#3390ec"/>
      <rect x="16" y="${114 + width - 32}" width="240" height="18" rx="4" fill="#222"/>
      <rect x="16" y="${144 + width - 32}" width="120" height="22" rx="4" fill="#111"/>
      <rect x="16" y="764" width="${width - 32}" height="52" rx="12" fill="#3390ec"/>
    </svg>`);
    return sharp(ui)
      .composite([{ input: pic, top: 100, left: 16 }])
      .jpeg({ quality: 80 })
      .toBuffer();
  },
};

export const TRANSFORMS: Transform[] = [
  { name: 'smaller (300 px)', apply: (p) => sharp(p).resize(300).png().toBuffer() },
  { name: 'JPEG q60', apply: (p) => sharp(p).jpeg({ quality: 60 }).toBuffer() },
  {
    name: 'white frame',
    apply: (p) =>
      sharp(p).extend({ top: 120, bottom: 200, left: 40, right: 40, background: '#ffffff' }).png().toBuffer(),
  },
  screenshotLike,
  phoneScreenshot,
  {
    name: 'cropped 10 % (5 % each side)',
    apply: (p) =>
      sharp(p)
        .extract({ left: 40, top: 40, width: SIZE - 80, height: SIZE - 80 })
        .png()
        .toBuffer(),
  },
  {
    name: 'cropped to the item (right half cut by 20 %)',
    apply: (p) =>
      sharp(p)
        .extract({ left: 0, top: 0, width: SIZE - 160, height: SIZE })
        .png()
        .toBuffer(),
  },
  {
    name: 'another background (grey)',
    apply: async (p, svg) =>
      svg
        ? sharp(Buffer.from(svg.replace(/(<rect width="800" height="800" fill=")#[0-9a-f]{6}/, '$1#9ea3aa')))
            .png()
            .toBuffer()
        : p,
  },
  {
    name: 'tilted 5°',
    apply: (p) => sharp(p).rotate(5, { background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer(),
  },
];
