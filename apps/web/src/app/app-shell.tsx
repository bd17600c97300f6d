// What every page shares once the session is ready: the back button, navigation history, start
// parameters, the search overlay, toasts, the product drawer and the debug console.
import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { ConfirmDialogHost } from '../components/ui/confirm-dialog.tsx';
import { isDebugConsoleEnabled } from '../features/debug-console/console-interceptor.ts';
import { useOnboardingStore } from '../features/onboarding/onboarding-store.ts';
import { SearchOverlay } from '../features/search/components/search-overlay.tsx';
import { useSearchHistoryStore } from '../features/search/search-history-store.ts';
import { FavoriteDrawerHost } from './favorite-drawer-host.tsx';
import { FilterScope } from './filter-scope.tsx';
import { BackButtonController } from './navigation/back-button.tsx';
import { NavigationRecorder } from './navigation/navigation-recorder.tsx';
import { ProductDrawerHost } from './product-drawer-host.tsx';
import { StartParamsHandler } from './start-params-handler.tsx';

// Toasts (sonner) and the debug console load after the first screen: neither is needed to draw it.
const Toaster = lazy(() => import('../components/ui/toaster.tsx'));
const DebugConsole = lazy(() => import('../features/debug-console/components/debug-console.tsx'));

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
      <FavoriteDrawerHost />
      <FilterScope />
      <ConfirmDialogHost />
      <Suspense fallback={null}>
        <Toaster />
        {debugConsole && <DebugConsole />}
      </Suspense>
    </>
  );
}
