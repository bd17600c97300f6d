// The programmes' cache keys, one place (a payout changes the dashboard, a conversion the bonus account…).
export const programmeKeys = {
  referral: ['referral'] as const,
  referralHistory: (filter: string) => ['referral', 'history', filter] as const,
  unseenReward: ['referral', 'unseen-reward'] as const,
  bonus: ['bonus'] as const,
  bonusHistory: (kind: string) => ['bonus', 'history', kind] as const,
  blogger: ['blogger'] as const,
  bloggerStats: (period: string) => ['blogger', 'stats', period] as const,
  bloggerCommissions: ['blogger', 'commissions'] as const,
  bloggerPayouts: ['blogger', 'payouts'] as const,
  publicUser: (id: number) => ['users', id] as const,
};
