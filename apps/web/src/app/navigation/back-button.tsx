// The one Telegram BackButton handler of the app (docs/product.md §2): closes the top-most layer first,
// then follows the route rules of back-rules.ts. Registered once and removed on unmount.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLayerStack } from '../../components/ui/layer-stack-store.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { onBackButton, showBackButton } from '../../telegram/back-button.ts';
import { resolveBack, shouldShowBackButton } from './back-rules.ts';
import { markBackNavigation, readNavigationState, writeNavigationState } from './navigation-history.ts';

export function BackButtonController() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const layersOpen = useLayerStack((s) => s.layers.length > 0);

  const latest = useRef({ location, navigate, queryClient });
  useEffect(() => {
    latest.current = { location, navigate, queryClient };
  });

  useEffect(() => {
    showBackButton(shouldShowBackButton(location.pathname, layersOpen));
  }, [location.pathname, layersOpen]);

  useEffect(() => {
    const onBack = () => {
      const stack = useLayerStack.getState();
      if (stack.closeTopLayer()) return;
      const { navigate: go, queryClient: qc } = latest.current;
      // The address bar, not the rendered location: a navigation is a transition, and while the
      // next page's code loads the page shown (and `useLocation`) is still the previous one.
      const loc = window.location;
      const placingModal = stack.layers.findLast((l) => l.kind === 'placing-modal');
      const action = resolveBack({
        pathname: loc.pathname,
        search: loc.search,
        placingModalOpen: !!placingModal,
      });
      if (action.type === 'close-placing-modal') {
        placingModal?.close();
        if (placingModal) stack.unregister(placingModal.id);
        return;
      }
      if (action.type === 'payment-await') void qc.invalidateQueries({ queryKey: queryKeys.orders });
      writeNavigationState(markBackNavigation(readNavigationState(), action.to.split('?')[0]!));
      void go(action.to, { replace: action.replace });
    };
    return onBackButton(onBack);
  }, []);

  return null;
}
