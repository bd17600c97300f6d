// The web app's build-time settings (Vite `VITE_*` variables), read and checked in this one place.
// VITE_API_PROXY is read by vite.config.ts only (the dev server's /api target), not by the app.
// Read by hand, not with zod: this module is on the first screen (docs/decisions/026).

const source = import.meta.env as Record<string, unknown>;

/** A set, non-empty string setting, or the default. */
const text = (key: string, fallback: string): string => {
  const value = source[key];
  return typeof value === 'string' && value ? value : fallback;
};

export const env = {
  /** Pictures already on the shop's CDN (this origin prefix) are used unchanged. */
  VITE_SHOP_CDN: text('VITE_SHOP_CDN', ''),
  /** Where the help articles live. */
  VITE_HELP_BASE_URL: text('VITE_HELP_BASE_URL', 'https://telegra.ph'),
  DEV: source.DEV === true,
};
