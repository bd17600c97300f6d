// What every page shares once the session is ready: the back button, navigation history, start
// parameters, the search overlay, toasts, the product drawer and the debug console.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { ConfirmDialogHost } from '../components/ui/confirm-dialog.tsx';
import { toasterWanted } from '../components/ui/notify.ts';
import { isDebugConsoleEnabled } from '../features/debug-console/console-interceptor.ts';
import { startFirstScreenClock, whenFirstScreenIdle } from '../lib/first-screen-idle.ts';
import { lazyLayer, useTouchOf } from '../lib/lazy-layer.tsx';
import { readStartParam } from '../telegram/launch.ts';
import { releaseSdk } from '../telegram/sdk.ts';
import { useOnboardingStore } from '../features/onboarding/onboarding-store.ts';
import { hasUnseenReward } from '../features/programmes/api/unseen-reward.ts';
import { useSearchOverlayStore } from '../features/search/search-overlay-store.ts';
import { useSearchHistoryStore } from '../features/search/search-history-store.ts';
import { FavoriteDrawerHost } from './favorite-drawer-host.tsx';
import { FilterScope } from './filter-scope.tsx';
import { BackButtonController } from './navigation/back-button.tsx';
import { NavigationRecorder } from './navigation/navigation-recorder.tsx';
import { ProductDrawerHost } from './product-drawer-host.tsx';
import { StartParamsHandler } from './start-params-handler.tsx';

// Toasts (sonner) and the debug console load after the first screen: neither is needed to draw it.
// The toast area mounts when the first toast is asked for (docs/decisions/026); a lazy layer, so
// the first toast is not held ≥ 300 ms by a Suspense fallback (docs/decisions/032).
const Toaster = lazyLayer(() => import('../components/ui/toaster.tsx'));
// The search overlay's code loads when it is first opened or once the first screen is idle; a lazy
// layer, not `React.lazy` under `<Suspense>`: no ≥ 300 ms hold when opened before idle (032).
const SearchOverlay = lazyLayer<object>(() =>
  import('../features/search/components/search-overlay.tsx').then((m) => ({ default: m.SearchOverlay })),
);
const DebugConsole = lazyLayer(() => import('../features/debug-console/components/debug-console.tsx'));
// The invite-reward celebration (docs/product.md §13): once the first screen is idle a plain read
// checks for a new reward, and only when there is one do its sheet, vaul and the programme schemas
// load (docs/decisions/037).
const UnseenRewardHost = lazyLayer(() => import('../features/programmes/components/unseen-reward-host.tsx'));

const debugConsole = isDebugConsoleEnabled();

export function AppShell() {
  const toasts = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get);
  useEffect(() => {
    void useSearchHistoryStore.getState().load();
    void useOnboardingStore.getState().load();
  }, []);
  const [idle, setIdle] = useState(false);
  const searchOpened = useSearchOverlayStore((s) => s.isOpen);
  // Before idle, the touch of a search field starts the overlay's code ahead of its focus.
  useTouchOf('.search-trigger', SearchOverlay.preload);
  useEffect(() => {
    startFirstScreenClock();
    // The Telegram SDK starts once the first screen is idle (telegram/sdk.ts).
    whenFirstScreenIdle(releaseSdk);
    return whenFirstScreenIdle(() => setIdle(true));
  }, []);
  const queryClient = useQueryClient();
  const [reward, setReward] = useState(false);
  useEffect(
    () =>
      whenFirstScreenIdle(() =>
        hasUnseenReward(queryClient).then(setReward, (e: unknown) =>
          console.warn('Cannot check for a reward', e),
        ),
      ),
    [queryClient],
  );
  // Opened by an invite link: once idle, the friend is told of the welcome bonus (issue 27). The
  // module (and the bonus schema) loads only for such a start.
  useEffect(
    () =>
      /(^|__)ref_/.test(readStartParam() ?? '')
        ? whenFirstScreenIdle(() =>
            import('../features/programmes/welcome-greeting.ts')
              .then(({ greetInvitedFriend }) => greetInvitedFriend(queryClient))
              .catch((e: unknown) => console.warn('Cannot greet an invited friend', e)),
          )
        : undefined,
    [queryClient],
  );

  return (
    <>
      <Outlet />
      <BackButtonController />
      <NavigationRecorder />
      <StartParamsHandler />
      <ProductDrawerHost />
      <FavoriteDrawerHost />
      <FilterScope />
      <ConfirmDialogHost />
      {(idle || searchOpened) && <SearchOverlay />}
      {toasts && <Toaster />}
      {debugConsole && <DebugConsole />}
      {reward && <UnseenRewardHost />}
    </>
  );
}
