// Linted as apps/api/src/modules/orders/x.ts: configuration read outside apps/api/src/env.ts.
export const ttl = Number(process.env.ORDER_TTL_MIN ?? 30);
