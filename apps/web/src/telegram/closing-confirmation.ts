// Telegram's closing confirmation (Mini Apps 6.2+, `web_app_setup_closing_behavior`), by hand through
// bridge.ts like the back button: on while any form holds input that is not saved (checkout,
// passport, delivery), off again once every one of them saved or left. Each holder counts once, so
// two forms on one page, or a form inside the checkout, never turn it off under each other.
import { useEffect } from 'react';
import { postEvent, supports } from './bridge.ts';

const holders = new Set<symbol>();
let posted = false;

function sync() {
  const need = holders.size > 0;
  if (need === posted || !supports('6.2')) return;
  posted = need;
  postEvent('web_app_setup_closing_behavior', { need_confirmation: need });
}

/** Asks Telegram to confirm closing the app while `unsaved` holds (and the component is mounted). */
export function useClosingConfirmation(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const holder = Symbol('unsaved input');
    holders.add(holder);
    sync();
    return () => {
      holders.delete(holder);
      sync();
    };
  }, [unsaved]);
}
