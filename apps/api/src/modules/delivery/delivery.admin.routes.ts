// The order card's shipments under /api/v1/admin (docs/product.md §11.9, §12.3): add one by
// number or register the Russian leg with CDEK, correct one, print a label; and the owner's
// subscription of the shop's webhook URL with CDEK.
import {
  AdminOrderParamsSchema,
  CreateShipmentBodySchema,
  PatchShipmentBodySchema,
  ShipmentListResponseSchema,
  ShipmentParamsSchema,
  ShipmentResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, conflict } from '../../plugins/errors.ts';
import { adminRoute, installAdminGate, writeAudit } from '../staff/index.ts';
import { DeliveryProviderError } from './delivery-provider.ts';
import { addShipment, listShipments, patchShipment, shipmentLabel } from './shipments.ts';

export const deliveryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  installAdminGate(app);

  app.get(
    '/orders/:id/shipments',
    adminRoute({
      summary: "An order's shipments",
      params: AdminOrderParamsSchema,
      result: ShipmentListResponseSchema,
    }),
    async (request) => ({ result: await listShipments(app.db, request.params.id) }),
  );

  app.post(
    '/orders/:id/shipments',
    adminRoute({
      summary: 'Add a shipment by number, or register the Russian leg with CDEK (register: true)',
      params: AdminOrderParamsSchema,
      body: CreateShipmentBodySchema,
      result: ShipmentResponseSchema,
      permission: 'operate',
    }),
    async (request) => ({
      result: await addShipment(
        app.db,
        app.delivery,
        app.env.dataKey,
        request.params.id,
        request.body,
        request.staff.telegramId,
      ),
    }),
  );

  app.patch(
    '/orders/:id/shipments/:shipmentId',
    adminRoute({
      summary: 'Correct a shipment (carrier, number, link, status)',
      params: ShipmentParamsSchema,
      body: PatchShipmentBodySchema,
      result: ShipmentResponseSchema,
      permission: 'operate',
    }),
    async (request) => ({
      result: await patchShipment(
        app.db,
        app.delivery,
        request.params.id,
        request.params.shipmentId,
        request.body,
        request.staff.telegramId,
      ),
    }),
  );

  app.get(
    '/orders/:id/shipments/:shipmentId/label',
    adminRoute({
      summary: "A registered shipment's label and waybill (PDF from CDEK)",
      params: ShipmentParamsSchema,
      result: z.string(),
      permission: 'operate',
    }),
    async (request, reply) => {
      const pdf = await shipmentLabel(app.db, app.delivery, request.params.id, request.params.shipmentId);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `inline; filename="label-${request.params.id}-${request.params.shipmentId}.pdf"`,
          )
          .header('cache-control', 'no-store')
          // A Buffer is sent as it is (Fastify skips the serializer); the schema names the body's type.
          .send(pdf as unknown as string)
      );
    },
  );

  app.post(
    '/delivery/webhook',
    adminRoute({
      summary: "Subscribe the shop's webhook URL with CDEK (owner; needs PUBLIC_URL and CDEK_WEBHOOK_SECRET)",
      result: z.object({ result: z.object({ uuid: z.string() }) }),
      permission: 'own',
    }),
    async (request) => {
      const secret = app.env.delivery?.webhookSecret;
      const provider = app.delivery.provider;
      if (!secret || !app.env.publicUrl || !provider) {
        throw conflict('Нужны DELIVERY_PROVIDER=cdek, CDEK_WEBHOOK_SECRET и PUBLIC_URL');
      }
      const url = `${app.env.publicUrl}/api/v1/delivery/webhook/cdek?secret=${encodeURIComponent(secret)}`;
      try {
        const subscribed = await provider.subscribe(url);
        await writeAudit(app.db, {
          actorTelegramId: request.staff.telegramId,
          action: 'delivery.webhook',
          entity: 'delivery',
          entityId: subscribed.uuid,
          before: null,
          after: { carrier: provider.name },
        });
        return { result: subscribed };
      } catch (err) {
        if (err instanceof DeliveryProviderError) throw new AppError(502, 'bad_gateway', err.message);
        throw err;
      }
    },
  );
};
