// Saved delivery addresses (the spec's delivery draft plus a default flag).
import { z } from 'zod';
import { resultOf } from './common.ts';

const text = (max: number, what: string) =>
  z.string().trim().min(1, `Укажите ${what}`).max(max, `Слишком длинное значение: ${what}`);

/** A Russian mobile or landline number; normalised to +7XXXXXXXXXX. */
export const RussianPhoneSchema = z
  .string()
  .max(32)
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .refine((v) => /^(\+7|8|7)\d{10}$/.test(v), 'Введите российский номер телефона: +7 XXX XXX-XX-XX')
  .transform((v) => `+7${v.slice(-10)}`);

export const DeliveryBodySchema = z.object({
  city: text(100, 'город'),
  address: text(300, 'адрес'),
  fio: text(150, 'имя'),
  last_name: text(100, 'фамилию'),
  phone_number: RussianPhoneSchema,
  is_default: z.boolean().default(false),
});
export type DeliveryBody = z.infer<typeof DeliveryBodySchema>;

export const DeliveryAddressSchema = z.object({
  id: z.number().int(),
  city: z.string(),
  address: z.string(),
  fio: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  is_default: z.boolean(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const DeliveryListResponseSchema = resultOf(z.array(DeliveryAddressSchema));
export const DeliveryAddressResponseSchema = resultOf(DeliveryAddressSchema);
export const DeliveryRemovedResponseSchema = resultOf(z.object({ id: z.number().int() }));
