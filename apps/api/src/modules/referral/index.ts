// The referral module's public face: other modules import only from here (eslint: shop/api-modules).
export { bindReferral, ensureReferralCode, SHARE_TEXT } from './referral.repository.ts';
export { referralOnCanceled, referralOnCompleted, referralOnPaid } from './referral-rewards.ts';
