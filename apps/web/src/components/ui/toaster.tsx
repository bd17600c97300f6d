// The toast area (docs/product.md §2, §4, §9): sonner at top-centre. Its defaults are the spec's constants:
// 4000 ms, 3 visible, 356 px wide, 14 px gap, 45 px swipe threshold, 200 ms removal delay.
import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useIsDark } from '../../telegram/use-is-dark.ts';
import { toasterMounted } from './notify.ts';
import './toaster.css';

export const TOAST_DURATION_MS = 4000;
export const TOASTS_VISIBLE = 3;

export default function Toaster() {
  const dark = useIsDark();
  useEffect(toasterMounted, []);
  return (
    <Sonner
      position="top-center"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOASTS_VISIBLE}
      theme={dark ? 'dark' : 'light'}
      offset={{ top: 'calc(var(--safe-top) + 12px)' }}
      mobileOffset={{ top: 'calc(var(--safe-top) + 12px)', left: '12px', right: '12px' }}
      toastOptions={{ className: 'shop-toast' }}
    />
  );
}
