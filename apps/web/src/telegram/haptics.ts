// Haptic feedback on actions (success, error, selection). Outside a supporting client it does
// nothing.
import { hapticFeedback } from '@tma.js/sdk-react';

function safely(run: () => void) {
  try {
    run();
  } catch (error) {
    console.warn('Haptic feedback failed', error);
  }
}

export const haptic = {
  success: () => safely(() => hapticFeedback.notificationOccurred.ifAvailable('success')),
  error: () => safely(() => hapticFeedback.notificationOccurred.ifAvailable('error')),
  warning: () => safely(() => hapticFeedback.notificationOccurred.ifAvailable('warning')),
  selection: () => safely(() => hapticFeedback.selectionChanged.ifAvailable()),
  impact: (style: 'light' | 'medium' | 'heavy' = 'light') =>
    safely(() => hapticFeedback.impactOccurred.ifAvailable(style)),
};
