// The programmes (docs/product.md §13, DESIGN §8): invite friends (referral), the bonus account,
// the blogger partnership with withdrawals, a blogger's public page, and their console calls.
// Money is integer roubles; 1 бонус = 1 ₽. Every list is cursor-paged (`cursor` = the last id).
//
// Calls under /api/v1 (bearer token; answers `{ result }`; errors `{ error: { code, message } }`):
//   GET    /referral                      → ReferralSchema
//   POST   /referral/apply                ApplyReferralBodySchema → ApplyReferralResultSchema
//                                         (404 `not_found` «Код не найден», 409 `referral_not_allowed`)
//   GET    /referral/history              ReferralHistoryQuerySchema → InvitePageSchema
//   GET    /referral/invites/{id}         → InviteSchema
//   DELETE /referral/invites/{id}         → InviteDeletedSchema
//   GET    /referral/unseen-reward        → InviteSchema | null (the sheet shown once by itself)
//   POST   /referral/invites/{id}/seen    → InviteSchema
//   GET    /bonus                         → BonusAccountSchema
//   GET    /bonus/history                 BonusHistoryQuerySchema → BonusHistoryPageSchema
//   POST   /checkout/quote                CheckoutQuoteBodySchema → CheckoutQuoteSchema («Списать бонусы»)
//   POST   /promo/check                   PromoCheckBodySchema → PromoCheckSchema
//   POST   /order (orders.ts)             + bonus_amount, promo_code, expected_to_pay; the order
//                                         answers discount, bonus_used, to_pay (409 `bonus_over_cap`,
//                                         `bonus_over_balance`, `promo_not_found`, `promo_not_applicable`,
//                                         `price_changed`)
//   GET    /blogger                       → BloggerDashboardSchema
//   GET    /blogger/promo-available       PromoAvailableQuerySchema → { code, available }
//   POST   /blogger/application           BloggerApplicationBodySchema → BloggerApplicationSchema (201;
//                                         409 `application_exists`, `promo_taken`)
//   PUT    /blogger/application           same body, while pending or changes_requested (→ pending)
//   DELETE /blogger/application           withdraw while pending → { deleted: true }
//   GET    /blogger/stats                 BloggerStatsQuerySchema → BloggerStatsSchema
//   GET    /blogger/commissions           CommissionsQuerySchema → CommissionPageSchema
//   GET    /blogger/payouts               PayoutsQuerySchema → PayoutPageSchema
//   POST   /blogger/payouts               PayoutBodySchema (+ Idempotency-Key) → PayoutSchema (201;
//                                         409 `payout_below_minimum`, `payout_active_exists`, `insufficient_funds`)
//   DELETE /blogger/payouts/{id}          cancel a pending request → PayoutSchema
//   POST   /blogger/convert-to-bonus      ConvertToBonusBodySchema → { converted, bonus_balance, blogger_available }
//   GET    /blogger/picks                 → Pick[]
//   PUT    /blogger/picks                 PicksBodySchema → Pick[] (approved bloggers only)
//   GET    /users/{id}                    → PublicUserSchema (404 unless an approved blogger)
//   GET    /search-suggest (catalog.ts)   entries may be `{ kind: 'user', text, user_id, avatar }`
// Console (staff with the `bloggers` permission: owners and moderators; `read` for the lists):
//   GET    /admin/bloggers?status=        → AdminBloggerPageSchema
//   POST   /admin/bloggers/{id}/approve   AdminBloggerApproveBodySchema → AdminBloggerSchema
//   POST   /admin/bloggers/{id}/reject    AdminBloggerRejectBodySchema → AdminBloggerSchema
//   POST   /admin/bloggers/{id}/request-changes AdminBloggerChangesBodySchema → AdminBloggerSchema
//   GET    /admin/payouts?status=         → AdminPayoutPageSchema
//   GET    /admin/payouts/{id}/details    → full payout details (audit-logged)
//   POST   /admin/payouts/{id}/paid       AdminPayoutPaidBodySchema → AdminPayoutSchema
//   POST   /admin/payouts/{id}/reject     AdminPayoutRejectBodySchema → AdminPayoutSchema (money back)
import { z } from 'zod';
import { BodyIdSchema, LineQuantitySchema, ProductBriefSchema } from './commerce-common.ts';
import { HttpsUrlSchema, IdSchema, resultOf } from './common.ts';
import { isValidPersonalInn } from './passport.ts';
import { OrderStatusSchema } from './orders.ts';

const CursorQuery = {
  /** The `cursor` of the previous page; absent for the first page. */
  cursor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  size: z.coerce.number().int().min(1).max(50).default(20),
};
const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), cursor: z.number().int().nullable(), more: z.boolean() });

const Rub = z.number().int();

// ================================================================ referral

/** Referral codes: 8 characters of Crockford base32 (no I, L, O, U). */
export const REFERRAL_CODE_RE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
export const ReferralCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(REFERRAL_CODE_RE, 'Код — 8 букв и цифр'));

/**
 * An invite's state: `registered` the friend opened the link, `ordered` the friend paid a
 * qualifying first order (the reward waits for its completion), `rewarded` the reward is on the
 * inviter's bonus account, `rejected` it will not be paid (reason given), `deleted` removed by the
 * inviter (never listed).
 */
export const REFERRAL_STATUSES = ['registered', 'ordered', 'rewarded', 'rejected', 'deleted'] as const;
export const ReferralStatusSchema = z.enum(REFERRAL_STATUSES);
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;
export const REFERRAL_STATUS_RU: Readonly<Record<ReferralStatus, string>> = {
  registered: 'Перешёл по ссылке',
  ordered: 'Оформил заказ · 1000 ₽ в ожидании',
  rewarded: 'Бонус начислен · +1000 ₽',
  rejected: 'Не засчитано',
  deleted: 'Удалено',
};

/** The numbers of the programmes, as the server is configured (env, docs/product.md §13). */
export const ProgrammeRulesSchema = z.object({
  /** The inviter's reward per friend. */
  reward: Rub,
  /** The friend's welcome bonus (0: none). */
  welcome: Rub,
  /** The friend's first paid order (its money part, `to_pay`) must reach this. */
  min_order: Rub,
  /** Bonuses pay at most this share of the goods (after the promo discount). */
  spend_cap_percent: z.number().int(),
  /** Days a reward lives. */
  ttl_days: z.number().int(),
  /** Days the welcome bonus lives. */
  welcome_ttl_days: z.number().int(),
  max_rewards_per_month: z.number().int(),
  /** Hours after the first login during which a code may still be entered. */
  bind_window_hours: z.number().int(),
});
export type ProgrammeRules = z.infer<typeof ProgrammeRulesSchema>;

export const ReferralStatsSchema = z.object({
  /** Friends bound to this user (deleted invites excluded). */
  invited: z.number().int(),
  /** Of them, those who paid a qualifying order. */
  ordered: z.number().int(),
  rewarded_count: z.number().int(),
  /** Rewards credited, roubles. */
  earned: Rub,
  /** Rewards waiting for the friends' orders to be completed, roubles. */
  pending: Rub,
});

/** `GET /referral`: the shopper's code, link and stats. */
export const ReferralSchema = z.object({
  code: z.string(),
  /** `https://t.me/<bot>/<app>?startapp=ref_<code>` */
  link: z.string(),
  /** The ready text for Telegram's share dialog (the link is passed separately). */
  share_text: z.string(),
  /** «У меня есть код приглашения» is offered: within 48 h of the first login, before any order, not yet invited. */
  can_enter_code: z.boolean(),
  /** Until when a code may be entered (ISO), null when it no longer can. */
  enter_code_until: z.string().nullable(),
  /** Who invited this shopper, if anyone. */
  invited_by: z.object({ first_name: z.string() }).nullable(),
  stats: ReferralStatsSchema,
  rules: ProgrammeRulesSchema,
});
export type Referral = z.infer<typeof ReferralSchema>;
export const ReferralResponseSchema = resultOf(ReferralSchema);

export const ApplyReferralBodySchema = z.object({ code: ReferralCodeSchema });
export type ApplyReferralBody = z.infer<typeof ApplyReferralBodySchema>;
export const ApplyReferralResultSchema = z.object({
  referral_id: z.number().int(),
  /** Welcome bonus credited now, roubles (0 when the programme gives none). */
  welcome_bonus: Rub,
});
export const ApplyReferralResponseSchema = resultOf(ApplyReferralResultSchema);

export const REFERRAL_HISTORY_FILTERS = ['all', 'pending', 'rewarded'] as const;
export const ReferralHistoryQuerySchema = z.object({
  ...CursorQuery,
  /** `pending`: registered and ordered; `rewarded`: rewarded. */
  status: z.enum(REFERRAL_HISTORY_FILTERS).default('all'),
});
export type ReferralHistoryQuery = z.infer<typeof ReferralHistoryQuerySchema>;

/** One friend as the inviter sees them: no surname, username or amounts (privacy). */
export const InviteSchema = z.object({
  id: z.number().int(),
  friend: z.object({
    first_name: z.string(),
    /** «К.» or '' */
    last_initial: z.string(),
    photo_url: z.string().nullable(),
  }),
  status: ReferralStatusSchema,
  /** The inviter's reward for this friend, roubles. */
  reward: Rub,
  joined_at: z.string(),
  /** The friend's qualifying order (id and status only). */
  order: z.object({ id: z.number().int(), status: OrderStatusSchema }).nullable(),
  /** When the reward became pending (the friend paid). */
  pending_since: z.string().nullable(),
  rewarded_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  /** Until when the friend's welcome bonus lasts (for «Напомнить»), null without one. */
  welcome_until: z.string().nullable(),
});
export type Invite = z.infer<typeof InviteSchema>;
export const InviteResponseSchema = resultOf(InviteSchema);
export const InvitePageSchema = page(InviteSchema);
export type InvitePage = z.infer<typeof InvitePageSchema>;
export const InvitePageResponseSchema = resultOf(InvitePageSchema);
/** `GET /referral/unseen-reward`: the newest rewarded invite not yet shown in the sheet, or null. */
export const UnseenRewardResponseSchema = resultOf(InviteSchema.nullable());

/**
 * `DELETE /referral/invites/{id}`: a rewarded invite is hidden from the history (the bonuses
 * stay); a registered or ordered one is canceled (no reward will come for this friend).
 */
export const InviteDeletedSchema = z.object({
  deleted: z.literal(true),
  mode: z.enum(['hidden', 'canceled']),
});
export const InviteDeletedResponseSchema = resultOf(InviteDeletedSchema);

// ================================================================ bonus

/** What a line of the bonus history is. */
export const BONUS_ENTRY_KINDS = [
  'welcome',
  'referral_reward',
  'order_spend',
  'order_refund',
  'blogger_convert',
  'expire',
  'adjust',
] as const;
export const BonusEntryKindSchema = z.enum(BONUS_ENTRY_KINDS);
export type BonusEntryKind = z.infer<typeof BonusEntryKindSchema>;
export const BONUS_ENTRY_KIND_RU: Readonly<Record<BonusEntryKind, string>> = {
  welcome: 'Приветственный бонус',
  referral_reward: 'Приглашение друга',
  order_spend: 'Оплата заказа',
  order_refund: 'Возврат по заказу',
  blogger_convert: 'Перевод из партнёрской программы',
  expire: 'Сгорание бонусов',
  adjust: 'Корректировка',
};

/**
 * `pending` credited when an order completes; `available` on the account; `held` reserved by an
 * unpaid order; `spent` paid for an order; `released` given back by an order that lapsed;
 * `canceled` a credit that will not come.
 */
export const BONUS_ENTRY_STATUSES = [
  'pending',
  'available',
  'held',
  'spent',
  'released',
  'canceled',
] as const;
export const BonusEntryStatusSchema = z.enum(BONUS_ENTRY_STATUSES);
export type BonusEntryStatus = z.infer<typeof BonusEntryStatusSchema>;
export const BONUS_ENTRY_STATUS_RU: Readonly<Record<BonusEntryStatus, string>> = {
  pending: 'Ожидает',
  available: 'Начислено',
  held: 'Заморожено',
  spent: 'Списано',
  released: 'Возвращено',
  canceled: 'Отменено',
};

/** `GET /bonus`. */
export const BonusAccountSchema = z.object({
  /** Spendable now, roubles (held bonuses excluded). */
  balance: Rub,
  /** Rewards waiting for friends' orders to be completed. */
  pending: Rub,
  /** Held by unpaid orders. */
  held: Rub,
  /** The nearest expiry: how much burns on which day (ISO), or null. */
  expiring: z.object({ amount: Rub, date: z.string() }).nullable(),
  rules: ProgrammeRulesSchema,
});
export type BonusAccount = z.infer<typeof BonusAccountSchema>;
export const BonusAccountResponseSchema = resultOf(BonusAccountSchema);

export const BonusHistoryQuerySchema = z.object({
  ...CursorQuery,
  /** `in` credits, `out` debits. */
  kind: z.enum(['all', 'in', 'out']).default('all'),
});
export type BonusHistoryQuery = z.infer<typeof BonusHistoryQuerySchema>;

export const BonusEntrySchema = z.object({
  id: z.number().int(),
  kind: BonusEntryKindSchema,
  /** Ready Russian line: «Приглашение друга: Анна К.», «Оплата заказа №1042». */
  title: z.string(),
  /** Signed roubles: + credit, − debit. */
  amount: Rub,
  status: BonusEntryStatusSchema,
  created_at: z.string(),
  /** Credits: when what is left of them burns. */
  expires_at: z.string().nullable(),
  order_id: z.number().int().nullable(),
});
export type BonusEntry = z.infer<typeof BonusEntrySchema>;
export const BonusHistoryPageSchema = page(BonusEntrySchema);
export type BonusHistoryPage = z.infer<typeof BonusHistoryPageSchema>;
export const BonusHistoryResponseSchema = resultOf(BonusHistoryPageSchema);

// ================================================================ checkout money

/** Promo codes of bloggers: 4–16 latin capitals and digits (typed in any case). */
export const PROMO_CODE_RE = /^[A-Z0-9]{4,16}$/;
export const PromoCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(PROMO_CODE_RE, 'Промокод — 4–16 латинских букв и цифр'));

const CheckoutItemsSchema = z
  .array(z.object({ product_id: BodyIdSchema, variant_id: BodyIdSchema, quantity: LineQuantitySchema }))
  .min(1, 'Заказ пуст')
  .max(50, 'Слишком много позиций в заказе');

/** `POST /promo/check`: would this code give a discount on these lines for this shopper? */
export const PromoCheckBodySchema = z.object({ code: PromoCodeSchema, items: CheckoutItemsSchema });
export type PromoCheckBody = z.infer<typeof PromoCheckBodySchema>;
/** 404 `promo_not_found` «Промокод не найден»; 409 `promo_not_applicable` with the reason. */
export const PromoCheckSchema = z.object({
  code: z.string(),
  kind: z.literal('blogger'),
  percent: z.number().int(),
  /** Roubles off these goods. */
  discount: Rub,
});
export type PromoCheck = z.infer<typeof PromoCheckSchema>;
export const PromoCheckResponseSchema = resultOf(PromoCheckSchema);

/**
 * `POST /checkout/quote` (the confirm step): the server's money for these lines — the discount
 * (a typed promo code, or the automatic one of a shopper a blogger brought), and exactly how many
 * bonuses this order may use. «Списать бонусы до {bonus_usable} ₽» comes from here; the amount
 * the shopper confirms goes back as `expected_to_pay` in POST /order.
 */
export const CheckoutQuoteBodySchema = z.object({
  items: CheckoutItemsSchema,
  promo_code: PromoCodeSchema.optional(),
  /** Bonuses the shopper wants to use; the quote's `to_pay` counts them (capped at `bonus_usable`). */
  bonus_amount: z.number().int().min(0).max(2_147_483_647).default(0),
});
export type CheckoutQuoteBody = z.infer<typeof CheckoutQuoteBodySchema>;
export const CheckoutQuoteSchema = z.object({
  /** Goods at current prices. */
  total: Rub,
  discount: Rub,
  /** Where the discount comes from; null without one. `auto`: the shopper came by a blogger's link. */
  promo: z.object({ code: z.string(), percent: z.number().int(), auto: z.boolean() }).nullable(),
  /** Why the typed promo code gives nothing (Russian), null when it applies or none was typed. */
  promo_error: z.string().nullable(),
  bonus_balance: Rub,
  /** min(balance, floor((total − discount) × cap %)). */
  bonus_usable: Rub,
  /** The bonuses counted in `to_pay`: min(asked, usable). */
  bonus_used: Rub,
  to_pay: Rub,
  spend_cap_percent: z.number().int(),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuoteSchema>;
export const CheckoutQuoteResponseSchema = resultOf(CheckoutQuoteSchema);

// ================================================================ blogger

export const BLOGGER_STATUSES = [
  'pending',
  'approved',
  'changes_requested',
  'rejected',
  'suspended',
] as const;
export const BloggerStatusSchema = z.enum(BLOGGER_STATUSES);
export type BloggerStatus = z.infer<typeof BloggerStatusSchema>;
export const BLOGGER_STATUS_RU: Readonly<Record<BloggerStatus, string>> = {
  pending: 'На модерации',
  approved: 'Одобрена',
  changes_requested: 'Нужны уточнения',
  rejected: 'Отклонена',
  suspended: 'Приостановлена',
};

export const BLOGGER_PLATFORMS = ['telegram', 'vk', 'youtube', 'tiktok', 'instagram', 'other'] as const;
export const BloggerPlatformSchema = z.enum(BLOGGER_PLATFORMS);
export type BloggerPlatform = z.infer<typeof BloggerPlatformSchema>;
export const BLOGGER_PLATFORM_RU: Readonly<Record<BloggerPlatform, string>> = {
  telegram: 'Telegram',
  vk: 'VK',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  instagram: 'Instagram',
  other: 'Другая',
};
/** Suggested topics for the application form (free text is accepted too). */
export const BLOGGER_TOPICS = [
  'Кроссовки',
  'Мода и стиль',
  'Streetwear',
  'Лайфстайл',
  'Спорт',
  'Другое',
] as const;

export const BloggerApplicationBodySchema = z.object({
  platform: BloggerPlatformSchema,
  url: z
    .string()
    .trim()
    .max(300)
    .pipe(z.url({ protocol: /^https$/, error: 'Ссылка на канал: https://…' })),
  followers: z
    .number({ error: 'Укажите число подписчиков' })
    .int()
    .min(1, 'Укажите число подписчиков')
    .max(1_000_000_000),
  topic: z.string().trim().min(1, 'Укажите тематику').max(100),
  promo_code: PromoCodeSchema,
  contact: z.string().trim().min(2, 'Укажите, как с вами связаться').max(100),
  offer_accepted: z.literal(true, { error: 'Примите условия оферты' }),
  marking_ack: z.literal(true, { error: 'Подтвердите, что будете маркировать рекламу' }),
});
export type BloggerApplicationBody = z.infer<typeof BloggerApplicationBodySchema>;

export const BloggerApplicationSchema = z.object({
  id: z.number().int(),
  status: BloggerStatusSchema,
  platform: BloggerPlatformSchema,
  url: z.string(),
  followers: z.number().int(),
  topic: z.string(),
  promo_code: z.string(),
  contact: z.string(),
  /** The moderator's reason (rejected) or question (changes_requested). */
  moderator_comment: z.string().nullable(),
  /** A rejected applicant may apply again from this moment (ISO). */
  reapply_after: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type BloggerApplication = z.infer<typeof BloggerApplicationSchema>;
export const BloggerApplicationResponseSchema = resultOf(BloggerApplicationSchema);
/** `DELETE /blogger/application`: withdrawn. */
export const BloggerApplicationDeletedResponseSchema = resultOf(z.object({ deleted: z.literal(true) }));

export const BloggerBalanceSchema = z.object({
  /** Commissions of completed orders, less payouts and conversions. */
  available: Rub,
  /** Commissions of paid orders not yet completed. */
  pending: Rub,
  paid_total: Rub,
  /** In an active withdrawal request. */
  pending_payout: Rub,
});
export type BloggerBalance = z.infer<typeof BloggerBalanceSchema>;

/** `GET /blogger`: `status: 'none'` before any application. */
export const BloggerDashboardSchema = z.object({
  status: z.union([BloggerStatusSchema, z.literal('none')]),
  /** The shopper's user id (their public page is `user?id=<user_id>` once approved). */
  user_id: z.number().int(),
  application: BloggerApplicationSchema.nullable(),
  blogger: z
    .object({
      promo_code: z.string(),
      /** `https://t.me/<bot>/<app>?startapp=b_<promo>` */
      link: z.string(),
      commission_percent: z.number().int(),
      buyer_discount_percent: z.number().int(),
      buyer_discount_cap: Rub,
      erid: z.string().nullable(),
      /** «Реклама. {shop}, ИНН {inn}. erid: {erid}» with the link; null without an erid. */
      caption: z.string().nullable(),
    })
    .nullable(),
  balance: BloggerBalanceSchema,
  min_payout: Rub,
});
export type BloggerDashboard = z.infer<typeof BloggerDashboardSchema>;
export const BloggerDashboardResponseSchema = resultOf(BloggerDashboardSchema);

/** `GET /blogger/promo-available?code=`: is this promo code free to apply for? */
export const PromoAvailableQuerySchema = z.object({ code: PromoCodeSchema });
export const PromoAvailableResponseSchema = resultOf(z.object({ code: z.string(), available: z.boolean() }));

export const BLOGGER_STATS_PERIODS = ['7d', '30d', 'all'] as const;
export const BloggerStatsQuerySchema = z.object({ period: z.enum(BLOGGER_STATS_PERIODS).default('30d') });
export const BloggerStatsSchema = z.object({
  period: z.enum(BLOGGER_STATS_PERIODS),
  /** Sign-ins through the blogger's link. */
  opens: z.number().int(),
  /** New shoppers bound to the blogger. */
  new_buyers: z.number().int(),
  /** Paid orders earning a commission (not canceled). */
  orders: z.number().int(),
  /** Their goods money, roubles. */
  revenue: Rub,
  /** Commissions pending or credited. */
  earned: Rub,
});
export type BloggerStats = z.infer<typeof BloggerStatsSchema>;
export const BloggerStatsResponseSchema = resultOf(BloggerStatsSchema);

export const COMMISSION_STATUSES = ['pending', 'approved', 'canceled'] as const;
export const CommissionStatusSchema = z.enum(COMMISSION_STATUSES);
export type CommissionStatus = z.infer<typeof CommissionStatusSchema>;
export const COMMISSION_STATUS_RU: Readonly<Record<CommissionStatus, string>> = {
  pending: 'Ожидает (заказ в пути)',
  approved: 'Начислено',
  canceled: 'Отменено',
};
export const CommissionsQuerySchema = z.object({ ...CursorQuery });
export const CommissionSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** The goods money the commission is counted from. */
  order_total: Rub,
  percent: z.number().int(),
  amount: Rub,
  status: CommissionStatusSchema,
  created_at: z.string(),
});
export type Commission = z.infer<typeof CommissionSchema>;
export const CommissionPageSchema = page(CommissionSchema);
export const CommissionPageResponseSchema = resultOf(CommissionPageSchema);

// ---------------------------------------------------------------- payouts

export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'rejected', 'canceled'] as const;
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof PayoutStatusSchema>;
export const PAYOUT_STATUS_RU: Readonly<Record<PayoutStatus, string>> = {
  pending: 'Создана',
  processing: 'В обработке',
  paid: 'Выплачено',
  rejected: 'Отклонена',
  canceled: 'Отменена',
};
/** Payout requests in these statuses are "active": at most one per blogger. */
export const ACTIVE_PAYOUT_STATUSES = ['pending', 'processing'] as const satisfies readonly PayoutStatus[];

export const PAYOUT_METHODS = ['sbp', 'card'] as const;
export const PayoutMethodSchema = z.enum(PAYOUT_METHODS);
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;
export const PAYOUT_METHOD_RU: Readonly<Record<PayoutMethod, string>> = { sbp: 'По СБП', card: 'На карту' };

export const TAX_STATUSES = ['self_employed', 'ip'] as const;
export const TaxStatusSchema = z.enum(TAX_STATUSES);
export type TaxStatus = z.infer<typeof TaxStatusSchema>;
export const TAX_STATUS_RU: Readonly<Record<TaxStatus, string>> = { self_employed: 'Самозанятый', ip: 'ИП' };

/** Luhn check of a card number (digits only). */
export function isValidCardNumber(digits: string): boolean {
  if (!/^\d{16,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const digitsOnly = (v: string) => v.replace(/[\s()-]/g, '');

export const PayoutBodySchema = z
  .object({
    /** Roubles; the server refuses less than its minimum (409 `payout_below_minimum`). */
    amount: z.number().int().min(1).max(10_000_000),
    method: PayoutMethodSchema,
    /** SBP: +7XXXXXXXXXX */
    phone: z.string().transform(digitsOnly).optional(),
    /** SBP: the bank's name. */
    bank: z.string().trim().max(100).optional(),
    /** Card: 16–19 digits, spaces allowed. */
    card: z.string().transform(digitsOnly).optional(),
    full_name: z.string().trim().min(1, 'Укажите ФИО получателя').max(200),
    tax_status: TaxStatusSchema,
    inn: z
      .string()
      .trim()
      .refine(isValidPersonalInn, 'ИНН должен состоять из 12 цифр (проверьте контрольные)'),
    /** Keep the details (encrypted) for the next request. */
    save_details: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'sbp') {
      if (!v.phone || !/^\+7\d{10}$/.test(v.phone)) {
        ctx.addIssue({
          code: 'custom',
          path: ['phone'],
          message: 'Введите номер телефона в формате +7XXXXXXXXXX',
        });
      }
      if (!v.bank) ctx.addIssue({ code: 'custom', path: ['bank'], message: 'Выберите банк' });
    } else if (!v.card || !isValidCardNumber(v.card)) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'Проверьте номер карты' });
    }
  });
export type PayoutBody = z.infer<typeof PayoutBodySchema>;

export const PayoutSchema = z.object({
  id: z.number().int(),
  amount: Rub,
  method: PayoutMethodSchema,
  /** «СБП · Т-Банк · +7 ••• ••• 45-67» or «Карта 2200 •••• 1234». */
  details_masked: z.string(),
  tax_status: TaxStatusSchema,
  status: PayoutStatusSchema,
  reject_reason: z.string().nullable(),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;
export const PayoutResponseSchema = resultOf(PayoutSchema);

/** Saved details for prefilling the form, masked except what the shopper typed in plain sight. */
export const SavedPayoutDetailsSchema = z.object({
  method: PayoutMethodSchema,
  details_masked: z.string(),
  bank: z.string().nullable(),
  full_name: z.string(),
  tax_status: TaxStatusSchema,
  /** «•••••••••012» */
  inn_masked: z.string(),
});
export const PayoutsQuerySchema = z.object({ ...CursorQuery });
export const PayoutPageSchema = page(PayoutSchema).extend({
  /** The one active request (pending or processing), if any. */
  active: PayoutSchema.nullable(),
  saved_details: SavedPayoutDetailsSchema.nullable(),
});
export type PayoutPage = z.infer<typeof PayoutPageSchema>;
export const PayoutPageResponseSchema = resultOf(PayoutPageSchema);

export const ConvertToBonusBodySchema = z.object({ amount: z.number().int().min(1).max(10_000_000) });
export const ConvertToBonusResponseSchema = resultOf(
  z.object({ converted: Rub, bonus_balance: Rub, blogger_available: Rub }),
);

// ---------------------------------------------------------------- picks and the public page

export const MAX_PICKS = 30;
export const PicksBodySchema = z.object({
  items: z
    .array(z.object({ product_id: BodyIdSchema, comment: z.string().trim().max(200).default('') }))
    .max(MAX_PICKS, `Не больше ${MAX_PICKS} товаров`)
    .refine((items) => new Set(items.map((i) => i.product_id)).size === items.length, 'Товар указан дважды'),
});
export type PicksBody = z.infer<typeof PicksBodySchema>;
export const PickSchema = z.object({ product: ProductBriefSchema, comment: z.string() });
export type Pick = z.infer<typeof PickSchema>;
export const PicksResponseSchema = resultOf(z.array(PickSchema));

/** `GET /users/{id}`: an approved blogger's storefront (404 for anyone else). */
export const PublicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  platform: BloggerPlatformSchema,
  channel_url: z.string(),
  followers: z.number().int(),
  topic: z.string(),
  promo_code: z.string(),
  picks: z.array(PickSchema),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;
export const PublicUserResponseSchema = resultOf(PublicUserSchema);

// ================================================================ console (admin)

export const AdminBloggersQuerySchema = z.object({
  status: BloggerStatusSchema.optional(),
  ...CursorQuery,
});
export const AdminBloggerSchema = BloggerApplicationSchema.extend({
  user: z.object({
    id: z.number().int(),
    telegram_id: z.number().int(),
    first_name: z.string(),
    username: z.string().nullable(),
  }),
  commission_percent: z.number().int(),
  erid: z.string().nullable(),
  balance: BloggerBalanceSchema,
});
export type AdminBlogger = z.infer<typeof AdminBloggerSchema>;
export const AdminBloggerResponseSchema = resultOf(AdminBloggerSchema);
export const AdminBloggerPageSchema = page(AdminBloggerSchema).extend({
  counts: z.record(BloggerStatusSchema, z.number().int()),
});
export const AdminBloggerPageResponseSchema = resultOf(AdminBloggerPageSchema);

export const AdminBloggerApproveBodySchema = z.object({
  commission_percent: z.number().int().min(1, 'Комиссия 1–20 %').max(20, 'Комиссия 1–20 %').optional(),
  erid: z.string().trim().min(1).max(100).optional(),
});
export type AdminBloggerApproveBody = z.infer<typeof AdminBloggerApproveBodySchema>;
export const AdminBloggerRejectBodySchema = z.object({
  reason: z.string().trim().min(1, 'Укажите причину').max(500),
});
export const AdminBloggerChangesBodySchema = z.object({
  comment: z.string().trim().min(1, 'Напишите, что уточнить').max(500),
});

export const AdminPayoutsQuerySchema = z.object({ status: PayoutStatusSchema.optional(), ...CursorQuery });
export const AdminPayoutSchema = PayoutSchema.extend({
  blogger: z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    promo_code: z.string(),
    first_name: z.string(),
  }),
  full_name: z.string(),
  inn: z.string(),
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;
export const AdminPayoutResponseSchema = resultOf(AdminPayoutSchema);
export const AdminPayoutPageSchema = page(AdminPayoutSchema);
export const AdminPayoutPageResponseSchema = resultOf(AdminPayoutPageSchema);
/** `GET /admin/payouts/{id}/details`: the full details to send the money (audit-logged). */
export const AdminPayoutDetailsResponseSchema = resultOf(
  z.object({
    method: PayoutMethodSchema,
    phone: z.string().nullable(),
    bank: z.string().nullable(),
    card: z.string().nullable(),
  }),
);
export const AdminPayoutPaidBodySchema = z.object({ receipt_url: HttpsUrlSchema.pipe(z.string().max(500)).optional() });
export const AdminPayoutRejectBodySchema = z.object({
  reason: z.string().trim().min(1, 'Укажите причину').max(500),
});

export const ProgrammeIdParamsSchema = z.object({ id: IdSchema });
