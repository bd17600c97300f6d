// GET /admin/orders/{id}/passport: the shopper's passport data for a customs declaration, masked;
// `reveal` (owners only, each reveal audit-logged by the server) answers it in full.
import { AdminPassportResponseSchema, type Passport } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getOrderPassport = async (id: number, reveal: boolean): Promise<Passport | null> =>
  (
    await api(`/v1/admin/orders/${id}/passport`, {
      query: { reveal: reveal ? '1' : undefined },
      schema: AdminPassportResponseSchema,
    })
  ).result;

export const orderPassportQueryOptions = (id: number, reveal: boolean) =>
  queryOptions({
    // Outside adminOrders: an order write must not read (and audit) a reveal again.
    queryKey: queryKeys.adminPassport(id, reveal),
    queryFn: () => getOrderPassport(id, reveal),
    // A revealed passport is read once per click (each read is audited) and not kept around.
    staleTime: reveal ? Infinity : 0,
    gcTime: reveal ? 0 : undefined,
  });
