export * from './users.ts';
export * from './catalog.ts';
export * from './commerce.ts';
export * from './operations.ts';
export * from './programmes.ts';
export * from './find.ts';
export * from './find-photo.ts';
export * from './delivery.ts';
