export * from './common.ts';
export * from './auth.ts';
export * from './profile.ts';
export * from './health.ts';
export * from './orders.ts';
export * from './shell.ts';
