// The web app's modules the server preloads with the HTML (static-web.ts reads their chunks from
// the build's manifest). The build gives the same modules' code a few chunks of their own
// (apps/web/first-screen-chunks.ts, docs/decisions/043); tooling/first-screen-build.test.ts
// checks that the two lists agree. No imports, not even of types: the build test's TypeScript
// project reads this file, and not the rest of the API (static-web.ts checks the page kinds).

/**
 * The app itself (router, layouts, shell), which the entry loads once it has started the session
 * (apps/web/src/main.tsx, docs/decisions/042): preloaded on every page.
 */
export const APP_MODULE = 'src/app/render-app.tsx';

/** The app's lazy modules each first-screen page loads before it can draw (apps/web/src/app/router.tsx). */
export const PAGE_MODULES = {
  home: ['src/app/routes/home.tsx', 'src/app/routes/home-prefetch.ts'],
  catalogue: ['src/app/routes/catalog.tsx', 'src/app/routes/home-prefetch.ts'],
  category: ['src/app/routes/catalog-category.tsx', 'src/app/routes/home-prefetch.ts'],
  product: ['src/app/product-drawer-composed.tsx'],
};
