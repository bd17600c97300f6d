// The one price formatter of the app: integer roubles as «1 490 ₽» (non-breaking spaces).
const rubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

export const formatPrice = (price: number): string => `${rubles.format(price)}\u00a0₽`;
