// A small hand-written Telegram bridge for the first screen (docs/decisions/026): the launch
// parameters, posting events to the client and hearing its events, without @tma.js (≈ 17 KB gzip),
// which loads once the first screen is idle (sdk.ts). It follows @tma.js/bridge: the same sources
// of launch parameters (the address, the navigation entry, then session storage under
// `tapps/launchParams`, where it also keeps them), the same ways to post (the webview proxy, the
// parent frame, `external.notify`) and to receive (window messages and the receiveEvent functions).
import { readJson, writeJson } from '../lib/storage.ts';

declare global {
  interface Window {
    TelegramWebviewProxy?: { postEvent: (eventType: string, eventData?: string) => void };
    TelegramGameProxy?: { receiveEvent?: Receiver };
    TelegramGameProxy_receiveEvent?: Receiver;
    Telegram?: { WebView?: { receiveEvent?: Receiver } };
  }
}

type Receiver = (eventType: string, eventData?: unknown) => void;

/** Where @tma.js/bridge keeps the launch parameters (session storage, JSON). */
export const STORED_LAUNCH_PARAMS = 'tapps/launchParams';
const TARGET_ORIGIN = 'https://web.telegram.org';

/** An address's query and hash as one query, as @tma.js/bridge reads the launch parameters. */
export const queryOf = (url: string) => url.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&');

function valid(query: string | null | undefined): query is string {
  if (!query) return false;
  const params = new URLSearchParams(query);
  return params.has('tgWebAppVersion') && params.has('tgWebAppPlatform');
}

/** The launch parameters' stored copy; null when there is none. */
export function storedLaunchParams(): string | null {
  const value = readJson<unknown>(STORED_LAUNCH_PARAMS, null, 'session');
  return typeof value === 'string' ? value : null;
}

/** Keeps the launch parameters where @tma.js looks for them after the address changed. */
export function storeLaunchParams(query: string): void {
  writeJson(STORED_LAUNCH_PARAMS, query, 'session');
}

/** The launch parameters Telegram opened the app with; null outside Telegram. */
export function readLaunchParams(): URLSearchParams | null {
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  for (const source of [
    () => queryOf(window.location.href),
    () => (navigation ? queryOf(navigation.name) : null),
    storedLaunchParams,
  ]) {
    const query = source();
    if (valid(query)) {
      storeLaunchParams(query);
      return new URLSearchParams(query);
    }
  }
  return null;
}

/** Whether the client's Mini App version is at least `version` (e.g. '6.1'). */
export function supports(version: string): boolean {
  const current = (readLaunchParams()?.get('tgWebAppVersion') ?? '0').split('.').map(Number);
  const wanted = version.split('.').map(Number);
  for (let i = 0; i < Math.max(current.length, wanted.length); i++) {
    const a = current[i] ?? 0;
    const b = wanted[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/** Posts an event to the Telegram client; false when there is no client to post to. */
export function postEvent(eventType: string, eventData?: Record<string, unknown>): boolean {
  const message = JSON.stringify({ eventType, eventData });
  if (window.TelegramWebviewProxy?.postEvent) {
    window.TelegramWebviewProxy.postEvent(eventType, JSON.stringify(eventData));
    return true;
  }
  if (window.self !== window.top) {
    window.parent.postMessage(message, TARGET_ORIGIN);
    return true;
  }
  const external = (window as { external?: { notify?: (m: string) => void } }).external;
  if (typeof external?.notify === 'function') {
    external.notify(message);
    return true;
  }
  return false;
}

/** Delivers an event as the client would (used by the dev-login mock and the receivers). */
export function emitEvent(eventType: string, eventData?: unknown): void {
  window.dispatchEvent(
    new MessageEvent('message', { data: JSON.stringify({ eventType, eventData }), source: window.parent }),
  );
}

const listeners = new Map<string, Set<(data: unknown) => void>>();

function onMessage(event: MessageEvent) {
  if (event.source !== window.parent || typeof event.data !== 'string') return;
  let parsed: { eventType?: unknown; eventData?: unknown };
  try {
    parsed = JSON.parse(event.data) as typeof parsed;
  } catch {
    return;
  }
  if (typeof parsed.eventType !== 'string') return;
  for (const listener of listeners.get(parsed.eventType) ?? []) listener(parsed.eventData);
}

let receiving = false;
const receiver: Receiver = (eventType, eventData) => emitEvent(eventType, eventData);

function receive() {
  if (receiving) return;
  receiving = true;
  window.addEventListener('message', onMessage);
  // Mobile clients call one of these instead of posting a message (@tma.js defines the same).
  window.TelegramGameProxy ??= {};
  window.TelegramGameProxy.receiveEvent ??= receiver;
  window.TelegramGameProxy_receiveEvent ??= receiver;
  window.Telegram ??= {};
  window.Telegram.WebView ??= {};
  window.Telegram.WebView.receiveEvent ??= receiver;
}

/** Hands the receiveEvent functions over to @tma.js, whose own ones deliver the same messages. */
export function releaseReceivers(): void {
  if (window.TelegramGameProxy?.receiveEvent === receiver) delete window.TelegramGameProxy.receiveEvent;
  if (window.TelegramGameProxy_receiveEvent === receiver) delete window.TelegramGameProxy_receiveEvent;
  if (window.Telegram?.WebView?.receiveEvent === receiver) delete window.Telegram.WebView.receiveEvent;
}

/** Calls `listener` on each event of this type from the client; returns the cleanup. */
export function onTelegramEvent(eventType: string, listener: (data: unknown) => void): () => void {
  receive();
  const set = listeners.get(eventType) ?? new Set();
  listeners.set(eventType, set);
  set.add(listener);
  return () => set.delete(listener);
}
