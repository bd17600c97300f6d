// The parts of CDEK API v2's JSON this shop reads and writes (api-docs.cdek.ru; types after
// github.com/shevernitskiy/cdek src/types/api). Field names are CDEK's.

export type CdekSuggestedCity = { city_uuid: string; code: number; full_name: string };

export type CdekWorkTime = { day: number; time: string };

export type CdekDeliveryPoint = {
  code: string;
  name: string;
  uuid?: string;
  type: 'PVZ' | 'POSTAMAT';
  owner_code?: string;
  work_time: string;
  work_time_list?: CdekWorkTime[];
  is_dressing_room?: boolean;
  have_cashless?: boolean;
  allowed_cod?: boolean;
  weight_max?: number;
  location: {
    country_code: string;
    region?: string;
    city_code: number;
    city: string;
    postal_code?: string;
    longitude: number;
    latitude: number;
    address: string;
    address_full: string;
  };
};

export type CdekPackage = { weight: number; length?: number; width?: number; height?: number };

export type CdekTariffListBody = {
  type?: number;
  currency?: number;
  lang?: string;
  from_location: { code: number };
  to_location: { code: number; address?: string };
  packages: CdekPackage[];
};

export type CdekTariff = {
  tariff_code: number;
  tariff_name: string;
  tariff_description?: string;
  /** 1 дверь-дверь, 2 дверь-склад, 3 склад-дверь, 4 склад-склад, 6 дверь-постамат, 7 склад-постамат. */
  delivery_mode: number;
  delivery_sum: number;
  period_min: number;
  period_max: number;
  calendar_min?: number;
  calendar_max?: number;
};

export type CdekError = { code: string; message: string };

export type CdekRequestState = {
  request_uuid: string;
  type: string;
  date_time: string;
  state: 'ACCEPTED' | 'WAITING' | 'SUCCESSFUL' | 'INVALID';
  errors?: CdekError[];
  warnings?: CdekError[];
};

export type CdekOrderItem = {
  name: string;
  ware_key: string;
  payment: { value: number };
  cost: number;
  weight: number;
  amount: number;
  country_code?: string;
  url?: string;
};

export type CdekOrderBody = {
  type: number;
  number: string;
  tariff_code: number;
  comment?: string;
  shipment_point?: string;
  from_location?: { code: number };
  delivery_point?: string;
  to_location?: { code: number; address: string };
  delivery_recipient_cost?: { value: number };
  recipient: {
    name: string;
    phones: { number: string }[];
    email?: string;
    passport_series?: string;
    passport_number?: string;
    passport_date_of_issue?: string;
    passport_organization?: string;
    passport_date_of_birth?: string;
    tin?: string;
  };
  packages: (CdekPackage & { number: string; items: CdekOrderItem[] })[];
};

export type CdekStatus = { code: string; name: string; date_time: string; city?: string; city_code?: string };

export type CdekOrderEntity = {
  uuid: string;
  type: number;
  number: string;
  cdek_number?: string;
  tariff_code: number;
  delivery_point?: string;
  statuses: CdekStatus[];
};

export type CdekEntityAnswer<E> = { entity?: E; requests?: CdekRequestState[] };

export type CdekWebhookBody = {
  type: 'ORDER_STATUS';
  date_time: string;
  uuid: string;
  attributes: {
    is_return: boolean;
    cdek_number: string;
    number: string;
    status_code: string;
    status_date_time: string;
    city_name: string;
    city_code: string;
  };
};
