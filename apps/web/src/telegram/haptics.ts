// Haptic feedback on actions (success, error, selection), posted to the client by hand (bridge.ts).
// Outside a supporting client (Mini Apps 6.1+) it does nothing.
import { postEvent, supports } from './bridge.ts';

function trigger(params: Record<string, unknown>) {
  try {
    if (supports('6.1')) postEvent('web_app_trigger_haptic_feedback', params);
  } catch (error) {
    console.warn('Haptic feedback failed', error);
  }
}

export const haptic = {
  success: () => trigger({ type: 'notification', notification_type: 'success' }),
  error: () => trigger({ type: 'notification', notification_type: 'error' }),
  warning: () => trigger({ type: 'notification', notification_type: 'warning' }),
  selection: () => trigger({ type: 'selection_change' }),
  impact: (style: 'light' | 'medium' | 'heavy' = 'light') => trigger({ type: 'impact', impact_style: style }),
};
