// The carrier behind delivery (docs/decisions/047): cities, pickup points, a price with days,
// registering a parcel, its statuses and its label. CDEK API v2 (cdek/cdek-provider.ts) in
// production; a local fake in the same shapes (fake-provider.ts) for tests and the demo.
import type { ShipmentStatus } from '@shop/contract';

export type CarrierCity = { code: number; name: string; full_name: string };

export type CarrierPoint = {
  code: string;
  name: string;
  type: 'PVZ' | 'POSTAMAT';
  address: string;
  hours: string;
  lat: number;
  lon: number;
  city_code: number;
};

/** Where a parcel goes: a pickup point of the city, or a door in it. */
export type Destination = {
  city_code: number;
  point_code?: string | undefined;
  address?: string | undefined;
};

/** One parcel: weight in grams, sides in centimetres. */
export type Parcel = { weight_g: number; length_cm: number; width_cm: number; height_cm: number };

export type CarrierQuote = { price: number; days_min: number; days_max: number; tariff_code: number };

export type ShipmentItem = { name: string; ware_key: string; cost: number; weight_g: number; amount: number };

/** What customs needs of the recipient (FTS order 1861): passport and INN. */
export type Recipient = {
  name: string;
  phone: string;
  passport_series: string;
  passport_number: string;
  passport_date_of_issue: string;
  passport_date_of_birth: string;
  tin: string;
  email: string;
};

export type NewShipment = {
  /** Our id of the parcel (`order-{id}-{shipment}`), ASCII, ≤ 40. */
  number: string;
  destination: Destination;
  tariff_code: number;
  recipient: Recipient;
  parcel: Parcel;
  items: ShipmentItem[];
  /** What the recipient pays the carrier for delivery on receipt (roubles). */
  delivery_recipient_cost: number;
};

export type CarrierEvent = { code: string; name: string; at: string; city: string | null };

export type Tracking = { uuid: string; carrier_number: string | null; events: CarrierEvent[] };

export class DeliveryProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DeliveryProviderError';
  }
}

/** The carrier has no tariff to this destination (an unknown city, a door it does not serve). */
export class NoDeliveryError extends DeliveryProviderError {
  constructor(message = 'Нет доставки по этому адресу') {
    super(message);
    this.name = 'NoDeliveryError';
  }
}

export interface DeliveryProvider {
  readonly name: 'fake' | 'cdek';
  /** The carrier's public tracking page of a parcel number. */
  trackingLink(carrierNumber: string): string;
  cities(query: string): Promise<CarrierCity[]>;
  points(cityCode: number): Promise<CarrierPoint[]>;
  quote(destination: Destination, parcel: Parcel): Promise<CarrierQuote>;
  createShipment(shipment: NewShipment): Promise<{ uuid: string }>;
  track(uuid: string): Promise<Tracking>;
  /** The parcel's label and waybill as a PDF. */
  label(uuid: string): Promise<Buffer>;
  /** Subscribes `url` to status changes (CDEK `POST /v2/webhooks`, type ORDER_STATUS). */
  subscribe(url: string): Promise<{ uuid: string }>;
}

/**
 * Our status of a carrier's status code (CDEK's list, «Приложение 1»); undefined: the code does
 * not change where the parcel is as the shopper sees it.
 */
export function shipmentStatusOf(code: string): ShipmentStatus | undefined {
  switch (code) {
    case 'ACCEPTED_AT_PICK_UP_POINT':
    case 'POSTOMAT_POSTED':
      return 'at_pickup_point';
    case 'DELIVERED':
    case 'POSTOMAT_RECEIVED':
      return 'delivered';
    case 'IN_CUSTOMS_INTERNATIONAL':
    case 'IN_CUSTOMS_LOCAL':
      return 'customs';
    case 'NOT_DELIVERED':
    case 'INVALID':
    case 'REMOVED':
      return 'problem';
    case 'CREATED':
    case 'ACCEPTED':
      return undefined;
    default:
      return 'in_transit';
  }
}
