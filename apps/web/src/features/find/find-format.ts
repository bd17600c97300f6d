// How find shows yuan, the rate, weights and until when a price holds.
const yuan = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const rate = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const time = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });

export const formatYuan = (n: number) => `${yuan.format(n)}\u00a0¥`;
export const formatRate = (n: number) => `${rate.format(n)}\u00a0₽`;
export const weightText = (kg: number) => `~${yuan.format(kg)}\u00a0кг`;

/** «18:40 завтра», «18:40 сегодня» or «18:40, 25 ноября». */
export function formatValidUntil(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(at) - day(now)) / 86_400_000);
  const t = time.format(at);
  if (diff === 0) return `${t} сегодня`;
  if (diff === 1) return `${t} завтра`;
  return `${t}, ${date.format(at)}`;
}
