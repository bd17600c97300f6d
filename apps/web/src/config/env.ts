// The web app's build-time settings (Vite `VITE_*` variables), read and checked in this one place.
// VITE_API_PROXY is read by vite.config.ts only (the dev server's /api target), not by the app.
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const EnvSchema = z.object({
  /** Bot username and Mini App short name, for `t.me/<bot>/<app>` links. */
  VITE_BOT_USERNAME: optional.transform((v) => v ?? 'poizon_shop_bot'),
  VITE_APP_NAME: optional.transform((v) => v ?? 'shop'),
  /** Pictures already on the shop's CDN (this origin prefix) are used unchanged. */
  VITE_SHOP_CDN: optional.transform((v) => v ?? ''),
  /** Where the help articles live. */
  VITE_HELP_BASE_URL: optional.transform((v) => v ?? 'https://telegra.ph'),
  DEV: z.boolean().default(false),
});

export const env = EnvSchema.parse(import.meta.env);
