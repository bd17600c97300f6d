// The screenshot set (issue 27, decision 056): what shoppers actually send to search by photo,
// built reproducibly from a demo catalogue picture with sharp — phone screenshots with a status bar,
// the app's chrome and a caption band, a chat bubble, a caption over the picture, a tight crop, a
// 3° rotation, a photo of a screen, a small recompressed copy. Used by the quality test
// (find-photo.screenshots.test.ts) and the benchmark (apps/api/bench/photo.ts). Deterministic: no
// randomness, every pixel follows from the picture and the caption.
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { demoPicture } from '../catalog/index.ts';

export type Caption = { title: string; price: string };
export type ScreenshotKind = {
  name: string;
  /** `picture`: the product's first picture, 800×800 PNG. */
  apply(picture: Buffer, caption: Caption): Promise<Buffer>;
};

const W = 390;
const H = 844;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const FONT = 'font-family="DejaVu Sans, Liberation Sans, sans-serif"';

/** The phone's status bar: time, signal bars, battery. */
function statusBar(fg: string, bg: string): string {
  return `<rect width="${W}" height="47" fill="${bg}"/>
    <text x="28" y="32" ${FONT} font-size="16" font-weight="bold" fill="${fg}">9:41</text>
    <rect x="${W - 98}" y="22" width="4" height="8" fill="${fg}"/><rect x="${W - 92}" y="19" width="4" height="11" fill="${fg}"/>
    <rect x="${W - 86}" y="16" width="4" height="14" fill="${fg}"/><rect x="${W - 80}" y="13" width="4" height="17" fill="${fg}"/>
    <rect x="${W - 52}" y="14" width="26" height="14" rx="4" fill="none" stroke="${fg}" stroke-width="1.5"/>
    <rect x="${W - 49}" y="17" width="17" height="8" rx="2" fill="${fg}"/>`;
}

/** Telegram's header: close, the shop's name, the menu. */
function appHeader(fg: string, bg: string, accent: string): string {
  return `<rect y="47" width="${W}" height="52" fill="${bg}"/>
    <text x="16" y="80" ${FONT} font-size="16" fill="${accent}">Закрыть</text>
    <text x="${W / 2}" y="80" ${FONT} font-size="17" font-weight="bold" fill="${fg}" text-anchor="middle">Магазин</text>
    <circle cx="${W - 40}" cy="73" r="2.5" fill="${fg}"/><circle cx="${W - 32}" cy="73" r="2.5" fill="${fg}"/><circle cx="${W - 24}" cy="73" r="2.5" fill="${fg}"/>`;
}

/** The caption band under the picture: title, price, sizes, the button, the tab bar. */
function captionBand(
  top: number,
  c: Caption,
  fg: string,
  muted: string,
  band: string,
  accent: string,
): string {
  return `<rect y="${top}" width="${W}" height="${H - top}" fill="${band}"/>
    <text x="16" y="${top + 34}" ${FONT} font-size="22" font-weight="bold" fill="${fg}">${esc(c.price)}</text>
    <text x="16" y="${top + 62}" ${FONT} font-size="15" fill="${fg}">${esc(c.title.slice(0, 38))}</text>
    <text x="16" y="${top + 84}" ${FONT} font-size="13" fill="${muted}">Доставка из Китая · 12–18 дней</text>
    ${[0, 1, 2, 3, 4].map((k) => `<rect x="${16 + k * 60}" y="${top + 100}" width="52" height="34" rx="8" fill="none" stroke="${muted}"/><text x="${42 + k * 60}" y="${top + 122}" ${FONT} font-size="13" fill="${fg}" text-anchor="middle">${39 + k}</text>`).join('')}
    <rect x="16" y="${H - 96}" width="${W - 32}" height="50" rx="12" fill="${accent}"/>
    <text x="${W / 2}" y="${H - 65}" ${FONT} font-size="16" font-weight="bold" fill="#fff" text-anchor="middle">В корзину</text>
    <rect x="${W / 2 - 67}" y="${H - 12}" width="134" height="5" rx="2.5" fill="${fg}"/>`;
}

async function onCanvas(svg: string, layers: OverlayOptions[], width = W, height = H): Promise<Sharp> {
  const base = await sharp(Buffer.from(svg)).resize(width, height).png().toBuffer();
  return sharp(base).composite(layers);
}

const sized = (picture: Buffer, width: number, height = width) =>
  sharp(picture).resize(width, height, { fit: 'cover' }).png().toBuffer();

/** Light theme, the picture edge to edge under the header, the caption band below it. */
async function lightScreenshot(picture: Buffer, c: Caption): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#ffffff"/>${statusBar('#000', '#ffffff')}${appHeader('#000', '#ffffff', '#2481cc')}
    ${captionBand(99 + W, c, '#000', '#8e8e93', '#ffffff', '#2481cc')}</svg>`;
  return (await onCanvas(svg, [{ input: await sized(picture, W), top: 99, left: 0 }])).png().toBuffer();
}

/** Dark theme, the picture inset with rounded corners, a grey caption band, JPEG. */
async function darkScreenshot(picture: Buffer, c: Caption): Promise<Buffer> {
  const side = W - 32;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="${side}" height="${side}" rx="18" fill="#fff"/></svg>`,
  );
  const rounded = await sharp(await sized(picture, side))
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#17212b"/>${statusBar('#fff', '#17212b')}${appHeader('#fff', '#232e3c', '#6ab2f2')}
    ${captionBand(115 + side + 12, c, '#fff', '#708499', '#232e3c', '#5288c1')}</svg>`;
  return (await onCanvas(svg, [{ input: rounded, top: 115, left: 16 }])).jpeg({ quality: 80 }).toBuffer();
}

/** A story-like screenshot: status bar, the picture full width, a dark caption band over its lower part. */
async function captionOverPicture(picture: Buffer, c: Caption): Promise<Buffer> {
  const band = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="96">
    <rect width="${W}" height="96" fill="#000" opacity="0.55"/>
    <text x="16" y="38" ${FONT} font-size="20" font-weight="bold" fill="#fff">${esc(c.price)}</text>
    <text x="16" y="70" ${FONT} font-size="15" fill="#fff">${esc(c.title.slice(0, 38))}</text></svg>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#000"/>${statusBar('#fff', '#000')}
    <text x="16" y="${H - 120}" ${FONT} font-size="14" fill="#ccc">Отправить сообщение…</text></svg>`;
  return (
    await onCanvas(svg, [
      { input: await sized(picture, W), top: 160, left: 0 },
      { input: band, top: 160 + W - 96, left: 0 },
    ])
  )
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A chat: a dotted wallpaper, a message bubble with the picture and its caption. */
async function chatBubble(picture: Buffer, c: Caption): Promise<Buffer> {
  const side = 280;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse"><rect width="28" height="28" fill="#c8d7a9"/>
      <circle cx="7" cy="7" r="3" fill="#b1c48f"/><path d="M16 20 l6 -6" stroke="#b1c48f" stroke-width="2"/></pattern></defs>
    <rect width="${W}" height="${H}" fill="url(#p)"/>${statusBar('#000', '#f7f7f7')}
    <rect y="47" width="${W}" height="52" fill="#f7f7f7"/><circle cx="${W - 36}" cy="73" r="18" fill="#e17076"/>
    <text x="${W / 2}" y="70" ${FONT} font-size="16" font-weight="bold" fill="#000" text-anchor="middle">Аня</text>
    <text x="${W / 2}" y="88" ${FONT} font-size="12" fill="#8e8e93" text-anchor="middle">в сети</text>
    <rect x="${W - side - 24}" y="200" width="${side + 12}" height="${side + 80}" rx="16" fill="#effedd"/>
    <text x="${W - side - 14}" y="${206 + side + 30}" ${FONT} font-size="15" fill="#000">Смотри, что нашла! ${esc(c.price)}</text>
    <text x="${W - 70}" y="${206 + side + 62}" ${FONT} font-size="11" fill="#5fb95a">12:07 ✓✓</text>
    <rect y="${H - 80}" width="${W}" height="80" fill="#f7f7f7"/>
    <rect x="50" y="${H - 68}" width="${W - 100}" height="36" rx="18" fill="#fff" stroke="#ddd"/></svg>`;
  return (await onCanvas(svg, [{ input: await sized(picture, side), top: 206, left: W - side - 18 }]))
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** A tight, off-centre crop: part of the item is cut away. */
const tightCrop = (picture: Buffer) =>
  sharp(picture).extract({ left: 110, top: 150, width: 540, height: 500 }).jpeg({ quality: 85 }).toBuffer();

/** Tilted 3°, the corners filled with the light grey of a phone's photo viewer. */
const rotated3 = (picture: Buffer) =>
  sharp(picture).rotate(3, { background: '#dcdcdc' }).jpeg({ quality: 85 }).toBuffer();

/**
 * A phone photo of a screen showing the light screenshot: the screen skewed a little (the camera
 * is not square to it), softened, darker and bluish, fine moiré lines, a dark bezel and desk around.
 */
async function photoOfScreen(picture: Buffer, c: Caption): Promise<Buffer> {
  const screen = await lightScreenshot(picture, c);
  const moire = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><pattern id="m" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(11)">
      <rect width="5" height="2" fill="#000" opacity="0.16"/></pattern></defs><rect width="${W}" height="${H}" fill="url(#m)"/></svg>`);
  const shot = await sharp(screen)
    .composite([{ input: moire, blend: 'multiply' }])
    .modulate({ brightness: 0.82, saturation: 0.9 })
    .linear([0.92, 0.97, 1.0], [0, 0, 10])
    .blur(1.1)
    .extend({ top: 18, bottom: 18, left: 14, right: 14, background: '#111111' })
    .png()
    .toBuffer();
  const tilted = await sharp(shot)
    .affine(
      [
        [1, 0.035],
        [-0.02, 1],
      ],
      { background: '#4a3b2f' },
    )
    .png()
    .toBuffer();
  return sharp(tilted)
    .extend({ top: 40, bottom: 60, left: 50, right: 30, background: '#4a3b2f' })
    .resize(600)
    .jpeg({ quality: 72 })
    .toBuffer();
}

/** Forwarded a few times: 160 px wide, JPEG quality 35. */
const smallJpeg = (picture: Buffer) => sharp(picture).resize(160).jpeg({ quality: 35 }).toBuffer();

export const SCREENSHOT_KINDS: ScreenshotKind[] = [
  { name: 'phone screenshot, light: status bar, header, caption band', apply: lightScreenshot },
  { name: 'phone screenshot, dark: inset picture, caption band, JPEG', apply: darkScreenshot },
  { name: 'story: status bar, caption band over the picture', apply: captionOverPicture },
  { name: 'chat bubble on a wallpaper, caption under the picture', apply: chatBubble },
  { name: 'tight off-centre crop', apply: tightCrop },
  { name: 'rotated 3°, grey corners', apply: rotated3 },
  { name: 'photo of a screen: skew, blur, moiré, darker, bezel', apply: photoOfScreen },
  { name: 'small recompressed copy (160 px, JPEG q35)', apply: smallJpeg },
];

/**
 * The products the set is built from, among the first `count` demo products: those whose first
 * picture shows an item in a colour no other product's indexed pictures show (demo products of the
 * same kind and colour are drawn identically; no picture search could tell them apart), one of each
 * kind of item at most, so the set spans silhouettes.
 */
export function screenshotSetProducts(count: number): number[] {
  const looks = new Map<string, number>();
  const lookOf = (i: number, k: number) => {
    const p = demoPicture(i, k);
    return p && `${p.kind}/${p.color}`;
  };
  for (let i = 0; i < count; i++)
    for (const k of [0, 1]) {
      const look = lookOf(i, k);
      if (look) looks.set(look, (looks.get(look) ?? 0) + 1);
    }
  const kinds = new Set<string>();
  const picked: number[] = [];
  for (let i = 0; i < count; i++) {
    const first = demoPicture(i, 0)!;
    if (looks.get(lookOf(i, 0)!) !== 1 || kinds.has(first.kind)) continue;
    kinds.add(first.kind);
    picked.push(i);
  }
  return picked;
}
