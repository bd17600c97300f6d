// The one price formatter of the app: integer roubles as «1 490 ₽» (non-breaking spaces), the
// digits Intl.NumberFormat('ru-RU') writes. Written out rather than through Intl: building the
// first Russian number format costs ≈ 25 ms of a phone's CPU in the middle of the catalogue's
// first render (a Chromium trace, docs/benchmarks.md «Speed» §7); the test compares the two.
export const formatPrice = (price: number): string => {
  const whole = Math.round(Math.abs(price));
  return `${price < 0 && whole !== 0 ? '-' : ''}${formatCount(whole)}\u00a0₽`;
};

/** «1 000»: a count (bonuses) grouped as prices are, so it never reads «1000» beside «1 000 ₽». */
export const formatCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
