// The console's views of a growing shop under /api/v1/admin (docs/product.md §12.6, issue 28): the
// sales dashboard and customers, the purchase list and inventory, products made in the console, and
// order work (a manual order, a delivery changed). Registered inside adminRoutes, behind its gate;
// each part is its own plugin (writes need `operate` and land in the audit log).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRoutes } from './dashboard.routes.ts';
import { orderWorkRoutes } from './order-work.routes.ts';
import { productCreateRoutes } from './product-create.routes.ts';
import { stockRoutes } from './stock.routes.ts';

export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(dashboardRoutes);
  await app.register(stockRoutes);
  await app.register(productCreateRoutes);
  await app.register(orderWorkRoutes);
};
