// The find module's public face: other modules import only from here (eslint: shop/api-modules).
export { expireFindQuotes, MAX_OPEN_REQUESTS } from './find-requests.repository.ts';
export { findAdminRoutes } from './find.admin.routes.ts';
export { findRoutes } from './find.routes.ts';
export { setupFind } from './find.setup.ts';
export { readImagePart, reencodeScreenshot, sweepOrphanScreenshots } from './screenshots.ts';
