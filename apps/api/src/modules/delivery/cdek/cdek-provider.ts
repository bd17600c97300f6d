// CDEK API v2 (api-docs.cdek.ru), a thin client typed after CDEK's documents (decision 047):
// OAuth client credentials (the token kept until a minute before it expires), the tariff list,
// suggested cities, delivery points, orders, webhooks and print forms. The URL comes from the
// operator's settings (CDEK_API_URL), never from a shopper.
import type {
  CarrierCity,
  CarrierPoint,
  CarrierQuote,
  DeliveryProvider,
  Destination,
  NewShipment,
  Parcel,
  Tracking,
} from '../delivery-provider.ts';
import { DeliveryProviderError, NoDeliveryError } from '../delivery-provider.ts';
import { cdekTrackingLink, chooseTariff, toCity, toEvents, toPoint } from './cdek-map.ts';
import type {
  CdekDeliveryPoint,
  CdekEntityAnswer,
  CdekError,
  CdekOrderBody,
  CdekOrderEntity,
  CdekSuggestedCity,
  CdekTariff,
} from './cdek-types.ts';

export type CdekSettings = {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  fromCityCode: number;
  timeoutMs?: number;
  /** Tries and pause of waiting for a print form to be READY. */
  printTries?: number;
  printPauseMs?: number;
};

type Json = object;

export function orderBody(s: NewShipment, fromCityCode: number): CdekOrderBody {
  const weight = Math.max(1, s.parcel.weight_g);
  return {
    type: 1,
    number: s.number,
    tariff_code: s.tariff_code,
    from_location: { code: fromCityCode },
    ...(s.destination.point_code
      ? { delivery_point: s.destination.point_code }
      : { to_location: { code: s.destination.city_code, address: s.destination.address ?? '' } }),
    delivery_recipient_cost: { value: s.delivery_recipient_cost },
    recipient: {
      name: s.recipient.name,
      phones: [{ number: s.recipient.phone }],
      email: s.recipient.email,
      passport_series: s.recipient.passport_series,
      passport_number: s.recipient.passport_number,
      passport_date_of_issue: s.recipient.passport_date_of_issue,
      passport_date_of_birth: s.recipient.passport_date_of_birth,
      tin: s.recipient.tin,
    },
    packages: [
      {
        number: `${s.number}-1`,
        weight,
        length: s.parcel.length_cm,
        width: s.parcel.width_cm,
        height: s.parcel.height_cm,
        items: s.items.map((i) => ({
          name: i.name,
          ware_key: i.ware_key,
          // Paid in advance: nothing to collect for the goods.
          payment: { value: 0 },
          cost: i.cost,
          weight: Math.max(1, i.weight_g),
          amount: i.amount,
          country_code: 'CN',
        })),
      },
    ],
  };
}

const firstError = (answer: {
  requests?: { errors?: CdekError[] | undefined }[] | undefined;
  errors?: CdekError[] | undefined;
}) => answer.errors?.[0] ?? answer.requests?.flatMap((r) => r.errors ?? [])[0];

/** CDEK's HTTP calls: an OAuth token kept until it lapses (one fetch at a time), a timeout, JSON errors. */
function cdekClient(settings: CdekSettings) {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 10_000;
  let token: { value: string; until: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const res = await send(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }).toString(),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token)
      throw new DeliveryProviderError(`CDEK: авторизация ${res.status}`, res.status);
    token = {
      value: body.access_token,
      until: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000,
    };
    return token.value;
  }

  async function bearer(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    pendingToken ??= fetchToken().finally(() => (pendingToken = undefined));
    return pendingToken;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new DeliveryProviderError(`CDEK не отвечает: ${(err as Error).message}`);
    }
  }

  /** A call with the bearer token; one new token and retry on 401 (a token revoked early). */
  async function call(method: string, path: string, body?: Json, raw = false): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const res = await send(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await bearer()}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          accept: raw ? 'application/pdf' : 'application/json',
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (res.status === 401 && attempt === 0) {
        token = undefined;
        continue;
      }
      return res;
    }
  }

  async function json<T>(method: string, path: string, body?: Json): Promise<T> {
    const res = await call(method, path, body);
    const answer = (await res.json().catch(() => undefined)) as T | undefined;
    if (!res.ok || answer === undefined) {
      const error = answer ? firstError(answer) : undefined;
      throw new DeliveryProviderError(
        `CDEK ${method} ${path.split('?')[0]}: ${res.status}${error ? ` ${error.code} ${error.message}` : ''}`,
        res.status,
      );
    }
    return answer;
  }

  return { call, json };
}

export function createCdekProvider(settings: CdekSettings): DeliveryProvider {
  const { call, json } = cdekClient(settings);
  return {
    name: 'cdek',
    trackingLink: cdekTrackingLink,

    async cities(query): Promise<CarrierCity[]> {
      const params = new URLSearchParams({ name: query, country_code: 'RU' });
      const list = await json<CdekSuggestedCity[]>('GET', `/location/suggest/cities?${params.toString()}`);
      return list.map(toCity);
    },

    async points(cityCode): Promise<CarrierPoint[]> {
      const params = new URLSearchParams({ city_code: String(cityCode), type: 'ALL', country_code: 'RU' });
      const list = await json<CdekDeliveryPoint[]>('GET', `/deliverypoints?${params.toString()}`);
      return list.map(toPoint);
    },

    async quote(destination: Destination, parcel: Parcel): Promise<CarrierQuote> {
      const body = {
        type: 1,
        currency: 1,
        from_location: { code: settings.fromCityCode },
        to_location: {
          code: destination.city_code,
          ...(destination.address ? { address: destination.address } : {}),
        },
        packages: [
          {
            weight: parcel.weight_g,
            length: parcel.length_cm,
            width: parcel.width_cm,
            height: parcel.height_cm,
          },
        ],
      };
      let answer: { tariff_codes?: CdekTariff[]; errors?: CdekError[] };
      try {
        answer = await json('POST', '/calculator/tarifflist', body);
      } catch (err) {
        // CDEK answers 400 with `errors` for a city or address it does not serve.
        if (err instanceof DeliveryProviderError && err.status === 400)
          throw new NoDeliveryError(err.message);
        throw err;
      }
      const chosen = chooseTariff(answer.tariff_codes ?? [], destination);
      if (!chosen)
        throw new NoDeliveryError(
          `CDEK: нет тарифа${answer.errors?.[0] ? ` (${answer.errors[0].code})` : ''}`,
        );
      return chosen;
    },

    async createShipment(shipment) {
      const answer = await json<CdekEntityAnswer<{ uuid: string }>>(
        'POST',
        '/orders',
        orderBody(shipment, settings.fromCityCode),
      );
      const error = firstError(answer);
      if (!answer.entity?.uuid || answer.requests?.some((r) => r.state === 'INVALID'))
        throw new DeliveryProviderError(`CDEK не принял заказ${error ? `: ${error.message}` : ''}`);
      return { uuid: answer.entity.uuid };
    },

    async track(uuid): Promise<Tracking> {
      const answer = await json<CdekEntityAnswer<CdekOrderEntity>>(
        'GET',
        `/orders/${encodeURIComponent(uuid)}`,
      );
      if (!answer.entity) throw new DeliveryProviderError('CDEK: заказ не найден', 404);
      return {
        uuid: answer.entity.uuid,
        carrier_number: answer.entity.cdek_number ?? null,
        events: toEvents(answer.entity.statuses ?? []),
      };
    },

    async label(uuid) {
      const form = await json<CdekEntityAnswer<{ uuid: string }>>('POST', '/print/orders', {
        orders: [{ order_uuid: uuid }],
        copy_count: 1,
      });
      const formUuid = form.entity?.uuid;
      if (!formUuid) throw new DeliveryProviderError('CDEK: печатная форма не создана');
      const tries = settings.printTries ?? 10;
      for (let i = 0; i < tries; i++) {
        const state = await json<CdekEntityAnswer<{ statuses?: { code: string }[] }>>(
          'GET',
          `/print/orders/${formUuid}`,
        );
        const codes = state.entity?.statuses?.map((s) => s.code) ?? [];
        if (codes.includes('INVALID'))
          throw new DeliveryProviderError('CDEK: печатная форма не сформирована');
        if (codes.includes('READY')) {
          const res = await call('GET', `/print/orders/${formUuid}.pdf`, undefined, true);
          if (!res.ok) throw new DeliveryProviderError(`CDEK: PDF ${res.status}`, res.status);
          return Buffer.from(await res.arrayBuffer());
        }
        await new Promise((r) => setTimeout(r, settings.printPauseMs ?? 1000));
      }
      throw new DeliveryProviderError('CDEK: печатная форма ещё готовится, попробуйте позже');
    },

    async subscribe(url) {
      const answer = await json<CdekEntityAnswer<{ uuid: string }>>('POST', '/webhooks', {
        url,
        type: 'ORDER_STATUS',
      });
      if (!answer.entity?.uuid) throw new DeliveryProviderError('CDEK: подписка не создана');
      return { uuid: answer.entity.uuid };
    },
  };
}
