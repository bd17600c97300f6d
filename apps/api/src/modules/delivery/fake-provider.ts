// The demo and test carrier (DELIVERY_PROVIDER=fake, the default outside production): the same
// CDEK shapes as the real adapter, answered in process by a small CDEK in memory
// (cdek/cdek-world.ts) and mapped by the same functions (cdek/cdek-map.ts).
import { cdekTrackingLink, chooseTariff, toCity, toEvents, toPoint } from './cdek/cdek-map.ts';
import { orderBody } from './cdek/cdek-provider.ts';
import { createCdekWorld, type CdekWorld } from './cdek/cdek-world.ts';
import { DeliveryProviderError, NoDeliveryError, type DeliveryProvider } from './delivery-provider.ts';

export type FakeDeliveryProvider = DeliveryProvider & { world: CdekWorld };

export function createFakeDeliveryProvider(
  fromCityCode = 44,
  world = createCdekWorld(),
): FakeDeliveryProvider {
  return {
    name: 'fake',
    world,
    trackingLink: cdekTrackingLink,
    cities: async (query) => world.suggestCities(query).map(toCity),
    points: async (cityCode) => world.deliveryPoints(cityCode).map(toPoint),
    async quote(destination, parcel) {
      const answer = world.tariffList({
        from_location: { code: fromCityCode },
        to_location: { code: destination.city_code },
        packages: [{ weight: parcel.weight_g }],
      });
      const chosen = chooseTariff(answer.tariff_codes, destination);
      if (!chosen) throw new NoDeliveryError('Нет доставки в этот город');
      return chosen;
    },
    async createShipment(shipment) {
      const answer = world.createOrder(orderBody(shipment, fromCityCode));
      if ('errors' in answer)
        throw new DeliveryProviderError(`Заказ не принят: ${answer.errors[0]!.message}`);
      return answer;
    },
    async track(uuid) {
      const entity = world.order(uuid);
      if (!entity) throw new DeliveryProviderError('Заказ не найден', 404);
      return { uuid, carrier_number: entity.cdek_number ?? null, events: toEvents(entity.statuses) };
    },
    async label(uuid) {
      const pdf = world.pdf(world.printForm(uuid));
      if (!pdf) throw new DeliveryProviderError('Заказ не найден', 404);
      return pdf;
    },
    subscribe: async (url) => {
      const uuid = `webhook-${world.webhooks.length + 1}`;
      world.webhooks.push({ uuid, url, type: 'ORDER_STATUS' });
      return { uuid };
    },
  };
}
