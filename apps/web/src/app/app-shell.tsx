// What every page shares once the session is ready: the back button, navigation history, start
// parameters, the search overlay, toasts, the product drawer and the debug console.
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ConfirmDialogHost } from '../components/ui/confirm-dialog.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { isDebugConsoleEnabled } from '../features/debug-console/console-interceptor.ts';
import { DebugConsole } from '../features/debug-console/components/debug-console.tsx';
import { useOnboardingStore } from '../features/onboarding/onboarding-store.ts';
import { SearchOverlay } from '../features/search/components/search-overlay.tsx';
import { useSearchHistoryStore } from '../features/search/search-history-store.ts';
import { BackButtonController } from './navigation/back-button.tsx';
import { NavigationRecorder } from './navigation/navigation-recorder.tsx';
import { ProductDrawerHost } from './product-drawer-host.tsx';
import { StartParamsHandler } from './start-params-handler.tsx';

const debugConsole = isDebugConsoleEnabled();

export function AppShell() {
  useEffect(() => {
    void useSearchHistoryStore.getState().load();
    void useOnboardingStore.getState().load();
  }, []);

  return (
    <>
      <Outlet />
      <BackButtonController />
      <NavigationRecorder />
      <StartParamsHandler />
      <SearchOverlay />
      <ProductDrawerHost />
      <ConfirmDialogHost />
      <Toaster />
      {debugConsole && <DebugConsole />}
    </>
  );
}
