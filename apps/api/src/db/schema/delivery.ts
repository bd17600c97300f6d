// Delivery and customs (modules/delivery, docs/decisions/047): shipments of an order with their
// carrier events, the customs rules as dated rows, and the Central Bank's rates as fetched.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './commerce.ts';

export const SHIPMENT_LEGS = ['china', 'russia'] as const;
export const SHIPMENT_STATUSES = [
  'created',
  'in_transit',
  'customs',
  'at_pickup_point',
  'delivered',
  'problem',
] as const;

/** One carrier event as recorded (CDEK's `statuses[]` item or webhook attributes). */
export type ShipmentEvent = { code: string; name: string; at: string; city: string | null };

/** Parcels of an order, one row per leg and carrier number; status follows the carrier's events. */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    leg: text('leg', { enum: SHIPMENT_LEGS }).notNull(),
    carrier: text('carrier').notNull(),
    number: text('number'),
    link: text('link'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('created'),
    /** The carrier's last status code (CDEK `ACCEPTED_AT_PICK_UP_POINT`…). */
    carrierStatus: text('carrier_status'),
    /** The carrier's id of a shipment registered through its API (CDEK order `uuid`). */
    externalUuid: text('external_uuid'),
    events: jsonb('events').$type<ShipmentEvent[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the poll last claimed it (modules/delivery/shipment-poll.ts). */
    polledAt: timestamp('polled_at', { withTimezone: true }),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId),
    uniqueIndex('shipments_external_uuid_idx')
      .on(t.carrier, t.externalUuid)
      .where(sql`${t.externalUuid} is not null`),
    index('shipments_active_idx')
      .on(t.polledAt)
      .where(sql`${t.externalUuid} is not null and ${t.status} <> 'delivered'`),
    check('shipments_leg_known', sql`${t.leg} in ('china', 'russia')`),
  ],
);

/** The duty rule in force from `valid_from` until the next row's date (docs/product.md §11.9). */
export const customsRules = pgTable('customs_rules', {
  id: serial('id').primaryKey(),
  validFrom: date('valid_from').notNull().unique(),
  thresholdEur: integer('threshold_eur').notNull(),
  thresholdKg: integer('threshold_kg').notNull(),
  dutyPercent: numeric('duty_percent', { precision: 5, scale: 2 }).notNull(),
  /** `excess`: the percentage of the value above the threshold; `whole`: of the whole value. */
  dutyBase: text('duty_base', { enum: ['excess', 'whole'] }).notNull(),
  minEurPerKg: numeric('min_eur_per_kg', { precision: 6, scale: 2 }).notNull(),
  vatPercent: numeric('vat_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  label: text('label').notNull(),
});

/** The Central Bank's rate of a currency in roubles, as last fetched. */
export const fxRates = pgTable('fx_rates', {
  currency: text('currency').primaryKey(),
  rub: numeric('rub', { precision: 12, scale: 4 }).notNull(),
  rateDate: date('rate_date').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
