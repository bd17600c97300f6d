// The media module's public face: other modules import only from here (eslint: shop/api-modules).
export { imagesRoutes } from './images.routes.ts';
export { createMediaStore, type MediaSettings, type MediaStore, type StoredFile } from './media-store.ts';
