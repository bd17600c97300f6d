// A page whose module loads on first use (the router's `page()`): it renders as soon as the module
// has arrived, and suspends until then. No React.lazy: its module is kept here once loaded, so a
// page already loaded never suspends again, and a page whose module is already in flight (the
// server preloads the first screen's with the HTML) is not waited for again when it is matched.
import type { ComponentType, ReactNode } from 'react';
import { createElement } from 'react';

/** What a page's module exports: the page as `Component` (as React Router's lazy routes had it). */
export type PageModule = { Component: ComponentType };

export function lazyPage(load: () => Promise<PageModule>): ReactNode {
  let loaded: ComponentType | undefined;
  let failed: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  function LazyPage() {
    if (loaded) return createElement(loaded);
    if (failed) {
      // Thrown once, to the page's error boundary; its «Повторить» renders this again, which loads
      // again.
      const { error } = failed;
      failed = undefined;
      throw error;
    }
    pending ??= load().then(
      (module) => {
        loaded = module.Component;
      },
      (error: unknown) => {
        failed = { error };
        pending = undefined;
      },
    );
    // Suspends: React renders this again when the module has arrived.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw pending;
  }
  return createElement(LazyPage);
}
