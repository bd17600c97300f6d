export * from './users.ts';
export * from './catalog.ts';
export * from './commerce.ts';
export * from './operations.ts';
