// The programmes' numbers for code that runs without the app at hand (the order-status hook runs
// inside `transition`, which is called from payments, the console and the expiry sweep). Set once
// from the environment by buildApp; DESIGN §8's defaults until then.
import { DEFAULT_PROGRAMME_SETTINGS, type ProgrammeSettings } from '../../env.ts';

let current: ProgrammeSettings = DEFAULT_PROGRAMME_SETTINGS;

export function setProgrammeSettings(settings: ProgrammeSettings): void {
  current = settings;
}

export const programmeSettings = (): ProgrammeSettings => current;

export const daysFrom = (from: Date, days: number): Date => new Date(from.getTime() + days * 86_400_000);
