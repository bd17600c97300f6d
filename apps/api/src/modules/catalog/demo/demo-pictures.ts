// Draws a demo product picture as SVG: the product kind's silhouette in the product colour, seen
// from a few angles (picture k varies the view), on a soft background. Deterministic.
import type { DemoPicture } from './demo-catalog.ts';
import { DEMO_COLORS, type Kind } from './demo-data.ts';

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const v = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.max(0, Math.min(255, Math.round(v)));
  };
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}

function shape(kind: Kind, fill: string, dark: string, light: string): string {
  const s = `fill="${fill}" stroke="${dark}" stroke-width="6" stroke-linejoin="round"`;
  switch (kind) {
    case 'sneaker':
      return `<path ${s} d="M120 470 C130 380 200 340 260 330 L360 300 C400 330 450 350 520 360 C600 372 680 400 690 470 Z"/>
        <path fill="${light}" stroke="${dark}" stroke-width="6" d="M110 470 H700 C705 500 690 525 660 525 H140 C115 525 105 500 110 470 Z"/>
        <path fill="none" stroke="${light}" stroke-width="14" stroke-linecap="round" d="M260 440 C360 420 470 400 600 420"/>
        <path fill="none" stroke="${dark}" stroke-width="6" d="M330 330 L380 360 M355 315 L405 345 M305 345 L355 375"/>`;
    case 'boot':
      return `<path ${s} d="M250 180 H430 L440 430 C520 440 640 450 660 520 H230 Z"/>
        <path fill="${dark}" d="M220 520 H670 V560 H220 Z"/>
        <path fill="none" stroke="${light}" stroke-width="6" d="M300 220 H420 M300 270 H420 M300 320 H420 M300 370 H420"/>`;
    case 'hoodie':
      return `<path ${s} d="M250 220 C300 150 500 150 550 220 L660 300 L620 430 L570 400 V640 H230 V400 L180 430 L140 300 Z"/>
        <path fill="${dark}" opacity="0.35" d="M330 200 C360 280 440 280 470 200 C440 240 360 240 330 200 Z"/>
        <path fill="none" stroke="${light}" stroke-width="8" d="M370 260 V360 M430 260 V360"/>
        <path fill="${dark}" opacity="0.2" d="M300 480 H500 V560 H300 Z"/>`;
    case 'tshirt':
      return `<path ${s} d="M280 200 L340 180 C360 220 440 220 460 180 L520 200 L650 280 L600 370 L540 340 V630 H260 V340 L200 370 L150 280 Z"/>
        <path fill="none" stroke="${dark}" stroke-width="6" d="M340 180 C360 230 440 230 460 180"/>`;
    case 'jacket':
      return `<path ${s} d="M270 190 L350 170 L400 210 L450 170 L530 190 L640 280 L650 620 L560 620 L550 360 V640 H250 V360 L240 620 L150 620 L160 280 Z"/>
        <path fill="none" stroke="${light}" stroke-width="8" d="M400 210 V640"/>
        <path fill="none" stroke="${dark}" stroke-width="6" d="M270 420 H350 M450 420 H530"/>`;
    case 'pants':
      return `<path ${s} d="M270 160 H530 L570 650 H440 L400 330 L360 650 H230 Z"/>
        <path fill="${dark}" opacity="0.3" d="M270 160 H530 V200 H270 Z"/>`;
    case 'dress':
      return `<path ${s} d="M330 150 H470 L480 300 L620 650 H180 L320 300 Z"/>
        <path fill="${dark}" opacity="0.25" d="M320 300 H480 V330 H320 Z"/>`;
    case 'bag':
      return `<path fill="none" stroke="${dark}" stroke-width="16" d="M290 330 C290 180 510 180 510 330"/>
        <rect ${s} x="190" y="320" width="420" height="300" rx="40"/>
        <rect fill="${light}" stroke="${dark}" stroke-width="4" x="370" y="380" width="60" height="40" rx="8"/>`;
    case 'backpack':
      return `<rect ${s} x="250" y="180" width="300" height="440" rx="90"/>
        <rect fill="${light}" stroke="${dark}" stroke-width="6" x="300" y="420" width="200" height="150" rx="30"/>
        <path fill="none" stroke="${dark}" stroke-width="14" d="M350 180 C350 120 450 120 450 180"/>`;
    case 'cap':
      return `<path ${s} d="M200 450 C200 260 600 260 600 450 Z"/>
        <path fill="${dark}" d="M560 430 C660 430 720 460 720 480 C660 490 600 480 560 470 Z"/>
        <circle fill="${dark}" cx="400" cy="292" r="14"/>`;
    case 'belt':
      return `<rect ${s} x="100" y="370" width="600" height="70" rx="12"/>
        <rect fill="none" stroke="#c9a646" stroke-width="16" x="200" y="350" width="90" height="110" rx="12"/>
        <path fill="none" stroke="${light}" stroke-width="4" stroke-dasharray="12 12" d="M300 385 H690 M300 425 H690"/>`;
    case 'glasses':
      return `<circle fill="${dark}" opacity="0.8" cx="290" cy="420" r="100"/>
        <circle fill="${dark}" opacity="0.8" cx="510" cy="420" r="100"/>
        <circle fill="none" stroke="${fill}" stroke-width="16" cx="290" cy="420" r="100"/>
        <circle fill="none" stroke="${fill}" stroke-width="16" cx="510" cy="420" r="100"/>
        <path fill="none" stroke="${fill}" stroke-width="14" d="M385 400 C395 370 405 370 415 400 M190 400 L120 360 M610 400 L680 360"/>`;
    case 'headphones':
      return `<path fill="none" stroke="${fill}" stroke-width="36" stroke-linecap="round" d="M220 450 C220 180 580 180 580 450"/>
        <rect ${s} x="170" y="400" width="110" height="180" rx="40"/>
        <rect ${s} x="520" y="400" width="110" height="180" rx="40"/>`;
    case 'watch':
      return `<rect fill="${fill}" stroke="${dark}" stroke-width="6" x="330" y="120" width="140" height="560" rx="40"/>
        <rect fill="#1c1c1c" stroke="${dark}" stroke-width="8" x="280" y="280" width="240" height="260" rx="60"/>
        <rect fill="#2d6cdf" opacity="0.7" x="310" y="310" width="180" height="200" rx="40"/>`;
  }
}

/** SVG (800×800) for one demo picture. */
export function drawDemoPicture({ kind, color, picture }: DemoPicture): string {
  const fill = DEMO_COLORS[color] ?? '#888888';
  const dark = shade(fill, -0.45);
  const light = shade(fill, 0.55);
  const backgrounds = ['#f4f1ec', '#eef2f6', '#f3eef3', '#eef3ee', '#f6f3ea'];
  const bg = backgrounds[picture % backgrounds.length]!;
  // Picture 0 is the front view; the others mirror, zoom or tilt it.
  const views = [
    '',
    'translate(800 0) scale(-1 1)',
    'translate(-120 -120) scale(1.3)',
    'rotate(-8 400 400)',
    'translate(800 0) scale(-1 1) rotate(6 400 400)',
    'translate(80 80) scale(0.8)',
  ];
  const view = views[picture % views.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${bg}"/>
  <ellipse cx="400" cy="690" rx="280" ry="30" fill="#000" opacity="0.08"/>
  <g transform="${view}">${shape(kind, fill, dark, light)}</g>
</svg>
`;
}
