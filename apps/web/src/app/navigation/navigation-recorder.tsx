import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { onRouteChange, readNavigationState, writeNavigationState } from './navigation-history.ts';

/** Records every route change in the navigation history (docs/product.md §4). */
export function NavigationRecorder() {
  const { pathname } = useLocation();
  useEffect(() => {
    writeNavigationState(onRouteChange(readNavigationState(), pathname));
  }, [pathname]);
  return null;
}
