// CDEK's JSON → the provider's types, shared by the CDEK adapter and the fake (decision 047).
import type {
  CarrierCity,
  CarrierEvent,
  CarrierPoint,
  CarrierQuote,
  Destination,
} from '../delivery-provider.ts';
import type { CdekDeliveryPoint, CdekStatus, CdekSuggestedCity, CdekTariff } from './cdek-types.ts';

/** Склад-склад to a pickup point, склад-дверь to a door («Посылка», CDEK's «Приложение 2»). */
export const TARIFF_TO_POINT = 136;
export const TARIFF_TO_POSTAMAT = 368;
export const TARIFF_TO_DOOR = 137;
const POINT_MODES = [4, 7];
const DOOR_MODES = [3];

export const toCity = (c: CdekSuggestedCity): CarrierCity => ({
  code: c.code,
  name: c.full_name.split(',')[0]!.trim(),
  full_name: c.full_name,
});

export const toPoint = (p: CdekDeliveryPoint): CarrierPoint => ({
  code: p.code,
  name: p.name,
  type: p.type,
  address: p.location.address_full || p.location.address,
  hours: p.work_time,
  lat: p.location.latitude,
  lon: p.location.longitude,
  city_code: p.location.city_code,
});

/**
 * The tariff of a destination among CDEK's tariff list: the shop's usual one (136 to a point,
 * 137 to a door), else the cheapest of the same delivery mode.
 */
export function chooseTariff(tariffs: CdekTariff[], destination: Destination): CarrierQuote | undefined {
  const toPoint = destination.point_code !== undefined;
  const preferred = toPoint ? [TARIFF_TO_POINT, TARIFF_TO_POSTAMAT] : [TARIFF_TO_DOOR];
  const modes = toPoint ? POINT_MODES : DOOR_MODES;
  const chosen =
    tariffs.find((t) => preferred.includes(t.tariff_code)) ??
    tariffs.filter((t) => modes.includes(t.delivery_mode)).sort((a, b) => a.delivery_sum - b.delivery_sum)[0];
  if (!chosen) return undefined;
  return {
    price: Math.ceil(chosen.delivery_sum),
    days_min: chosen.period_min,
    days_max: Math.max(chosen.period_min, chosen.period_max),
    tariff_code: chosen.tariff_code,
  };
}

export const toEvents = (statuses: CdekStatus[]): CarrierEvent[] =>
  statuses
    .map((s) => ({
      code: s.code,
      name: s.name,
      at: new Date(s.date_time).toISOString(),
      city: s.city ?? null,
    }))
    .sort((a, b) => a.at.localeCompare(b.at));

export const cdekTrackingLink = (cdekNumber: string) =>
  `https://www.cdek.ru/ru/tracking?order_id=${encodeURIComponent(cdekNumber)}`;

/** Russian names of CDEK's status codes («Приложение 1»); a webhook carries only the code. */
export const CDEK_STATUS_NAMES: Record<string, string> = {
  ACCEPTED: 'Принят',
  CREATED: 'Создан',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'Принят на склад отправителя',
  READY_TO_SHIP_AT_SENDING_OFFICE: 'Выдан на отправку в отправительском офисе',
  SENT_TO_TRANSIT_CITY: 'Отправлен в г. транзит',
  ACCEPTED_AT_TRANSIT_WAREHOUSE: 'Принят на склад транзита',
  SENT_TO_RECIPIENT_CITY: 'Отправлен в г. получатель',
  ACCEPTED_AT_RECIPIENT_CITY_WAREHOUSE: 'Принят на склад доставки',
  ACCEPTED_AT_DELIVERY_WAREHOUSE: 'Принят на склад доставки',
  ACCEPTED_AT_PICK_UP_POINT: 'Принят на склад до востребования',
  POSTOMAT_POSTED: 'Заложен в постамат',
  TAKEN_BY_COURIER: 'Выдан на доставку',
  DELIVERED: 'Вручен',
  POSTOMAT_RECEIVED: 'Изъят из постамата клиентом',
  NOT_DELIVERED: 'Не вручен',
  IN_CUSTOMS_INTERNATIONAL: 'Таможенное оформление в стране отправления',
  IN_CUSTOMS_LOCAL: 'Таможенное оформление в стране назначения',
  CUSTOMS_COMPLETE: 'Таможенное оформление завершено',
  INVALID: 'Некорректный заказ',
};
