// Tones of the programmes' statuses and the plural forms and dates their pages use. The Russian
// status names themselves live in the contract (REFERRAL_STATUS_RU, PAYOUT_STATUS_RU, …).
export type Tone = 'good' | 'wait' | 'bad' | 'neutral';

export const toneOf = (status: string): Tone => {
  if (['rewarded', 'approved', 'paid', 'available'].includes(status)) return 'good';
  if (['ordered', 'pending', 'processing', 'held', 'changes_requested'].includes(status)) return 'wait';
  if (['rejected', 'canceled', 'deleted', 'suspended', 'expired'].includes(status)) return 'bad';
  return 'neutral';
};

export const BONUS_FORMS = ['бонус', 'бонуса', 'бонусов'] as const;
export const FOLLOWER_FORMS = ['подписчик', 'подписчика', 'подписчиков'] as const;

const shortDate = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });
const longDate = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const numericDate = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** «12 марта». */
export const dayMonth = (iso: string) => shortDate.format(new Date(iso));
/** «12 марта 2027 г.»: a date that may fall in another year (a bonus expiry) always says its year. */
export const dayMonthYear = (iso: string) => longDate.format(new Date(iso));

/** «12.03.2026». */
export const numeric = (iso: string) => numericDate.format(new Date(iso));
