// The programmes' data as the pages use it: the contract's shapes (packages/contract/src/programmes.ts).
import type { BloggerDashboard } from '@shop/contract';

export type {
  BloggerApplication,
  BloggerDashboard,
  BloggerStats,
  BloggerStatus,
  BonusAccount,
  BonusEntry,
  Commission,
  Invite,
  Payout,
  PublicUser,
  Referral,
} from '@shop/contract';

export type ApprovedDashboard = BloggerDashboard & { blogger: NonNullable<BloggerDashboard['blogger']> };
export type PickInput = { product_id: number; comment: string };
