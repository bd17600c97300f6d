// Wraps console.log/info/warn/error so the debug console sees them; the original methods still run.
import { env } from '../../config/env.ts';
import { readString, writeString } from '../../lib/storage.ts';
import { LOG_TYPES, useDebugConsoleStore } from './debug-console-store.ts';

let installed = false;

export function installConsoleInterceptor(): void {
  if (installed) return;
  installed = true;
  for (const type of LOG_TYPES) {
    const original = console[type].bind(console);
    console[type] = (...args: unknown[]) => {
      original(...args);
      // A store update during React's render would warn; record after the current task.
      queueMicrotask(() => useDebugConsoleStore.getState().add(type, args));
    };
  }
}

const DEBUG_FLAG = 'shop/debug';

/** The console is shown in development, or after opening the app once with ?debug=1. */
export function isDebugConsoleEnabled(): boolean {
  if (env.DEV) return true;
  const requested = new URLSearchParams(window.location.search).get('debug');
  if (requested === '1') writeString(DEBUG_FLAG, '1', 'session');
  if (requested === '0') writeString(DEBUG_FLAG, null, 'session');
  return readString(DEBUG_FLAG, 'session') === '1';
}
