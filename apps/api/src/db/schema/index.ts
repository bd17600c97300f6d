export * from './users.ts';
export * from './catalog.ts';
