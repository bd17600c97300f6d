// The grammar of Telegram start parameters (`startapp=`), shared by the web app, which reads
// them, and the API, which builds payment return links and binds invites at sign-in.
//
// Tokens: `productId_<n>`, `ref_<CODE>`, `b_<PROMO>`, `payment_success__<guid>`,
// `payment_fail__<guid>`; several tokens are joined by `__` (`productId_123__ref_K7M2QX9D`).
// Every token is matched by a pattern anchored at its start; unknown tokens are ignored. As the
// product's rules say (docs/product.md §2), a product token only has to begin with
// `productId_<n>` (`productId_12_from_channel`), and a payment result may stand anywhere.

export type PaymentOutcome = 'success' | 'fail';

export type StartParams = {
  productId?: number;
  /** Referral code of the inviter. */
  ref?: string;
  /** Blogger promo code. */
  blogger?: string;
  payment?: { outcome: PaymentOutcome; guid: string };
};

/** Start parameters are at most 512 characters of `A-Za-z0-9_-` (Telegram's limit). */
export const START_PARAM_MAX_LENGTH = 512;

const PRODUCT = /^productId_(\d{1,10})(?!\d)/;
const REF = /^ref_([A-Za-z0-9]{4,32})$/;
const BLOGGER = /^b_([A-Za-z0-9-]{2,32})$/;
const PAYMENT = /payment_(success|fail)__([A-Za-z0-9-]{8,64})/;

export function parseStartParams(param: string | null | undefined): StartParams {
  const out: StartParams = {};
  if (!param || param.length > START_PARAM_MAX_LENGTH) return out;
  for (const token of param.split('__')) {
    const product = PRODUCT.exec(token);
    if (product) {
      const id = Number(product[1]);
      if (id > 0 && id <= 2_147_483_647) out.productId = id;
      continue;
    }
    const ref = REF.exec(token);
    if (ref) {
      out.ref = ref[1]!.toUpperCase();
      continue;
    }
    const blogger = BLOGGER.exec(token);
    if (blogger) out.blogger = blogger[1]!.toUpperCase();
  }
  const payment = PAYMENT.exec(param);
  if (payment) out.payment = { outcome: payment[1] as PaymentOutcome, guid: payment[2]! };
  return out;
}

export function buildStartParam(params: StartParams): string {
  const tokens: string[] = [];
  if (params.productId !== undefined) tokens.push(`productId_${params.productId}`);
  if (params.ref) tokens.push(`ref_${params.ref}`);
  if (params.blogger) tokens.push(`b_${params.blogger}`);
  if (params.payment) tokens.push(`payment_${params.payment.outcome}`, params.payment.guid);
  return tokens.join('__');
}

/** `https://t.me/<bot>/<app>?startapp=<param>`: the Mini App's deep link. */
/**
 * The bot and Mini App names when BOT_USERNAME / APP_NAME are unset (a development shop): one pair
 * for every link, the API's (invites, blogger links, payment return) and the app's (product shares).
 */
export const DEFAULT_BOT_USERNAME = 'shop_bot';
export const DEFAULT_APP_NAME = 'shop';

export function miniAppLink(bot: string, app: string, params: StartParams): string {
  const param = buildStartParam(params);
  return `https://t.me/${bot}/${app}${param ? `?startapp=${param}` : ''}`;
}
