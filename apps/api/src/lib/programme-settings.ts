// The programmes' numbers (bonus, referral, blogger), shared by those modules from below them, for
// code that runs without the app at hand (the order-status hook runs
// inside `transition`, which is called from payments, the console and the expiry sweep). Set once
// from the environment by buildApp; DESIGN §8's defaults until then.
import { DEFAULT_PROGRAMME_SETTINGS, type ProgrammeSettings } from '../env.ts';

let current: ProgrammeSettings = DEFAULT_PROGRAMME_SETTINGS;

export function setProgrammeSettings(settings: ProgrammeSettings): void {
  current = settings;
}

export const programmeSettings = (): ProgrammeSettings => current;

export const daysFrom = (from: Date, days: number): Date => new Date(from.getTime() + days * 86_400_000);

/** The programme's rules as the shopper's screens show them (bonus account, invite page). */
export function programmeRules() {
  const s = programmeSettings();
  return {
    reward: s.referralReward,
    welcome: s.referralWelcome,
    min_order: s.referralMinOrder,
    spend_cap_percent: s.bonusSpendCapPercent,
    ttl_days: s.bonusTtlDays,
    welcome_ttl_days: s.welcomeTtlDays,
    max_rewards_per_month: s.referralMaxRewardsPerMonth,
    bind_window_hours: s.referralBindWindowHours,
  };
}
