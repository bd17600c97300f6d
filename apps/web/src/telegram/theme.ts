// Telegram's own default palettes, used by the dev-login mock so the app outside Telegram looks
// as it does inside (light, or dark with ?theme=dark or a dark system setting); and the current
// theme's darkness lives in use-is-dark.ts (it needs the SDK, which is not on the first screen).
export const LIGHT_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#8e8e93',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f1f1f4',
  header_bg_color: '#ffffff',
  bottom_bar_bg_color: '#ffffff',
  accent_text_color: '#2481cc',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  section_separator_color: '#e0e0e4',
  subtitle_text_color: '#8e8e93',
  destructive_text_color: '#e53935',
} as const;

export const DARK_THEME = {
  bg_color: '#1c1c1d',
  text_color: '#ffffff',
  hint_color: '#98989e',
  link_color: '#5eb5f7',
  button_color: '#4e9fe8',
  button_text_color: '#ffffff',
  secondary_bg_color: '#101011',
  header_bg_color: '#1c1c1d',
  bottom_bar_bg_color: '#1c1c1d',
  accent_text_color: '#5eb5f7',
  section_bg_color: '#1c1c1d',
  section_header_text_color: '#98989e',
  section_separator_color: '#2c2c2e',
  subtitle_text_color: '#98989e',
  destructive_text_color: '#ff5c5c',
} as const;

export function prefersDarkTheme(): boolean {
  const requested = new URLSearchParams(window.location.search).get('theme');
  if (requested === 'dark') return true;
  if (requested === 'light') return false;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}
