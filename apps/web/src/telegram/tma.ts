// What the app uses of @tma.js, by name. The SDK's module builds every component it has when it
// is evaluated (each marked pure, so the bundler drops those no one names); a dynamic import of
// the whole package names them all. sdk.ts imports this module instead: the SDK's chunk holds and
// builds only these (docs/decisions/078).
export {
  addToHomeScreen,
  checkHomeScreenStatus,
  cloudStorage,
  init,
  locationManager,
  miniApp,
  mockTelegramEnv,
  openLink,
  requestWriteAccess,
  shareMessage,
  shareURL,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
