// Passport data for customs. Stored encrypted; GET answers it masked unless `reveal=1` (the
// owner's edit form).
import { z } from 'zod';
import { resultOf } from './common.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD. */
export const IsoDateSchema = z
  .string()
  .regex(DATE_RE, 'Дата в формате ГГГГ-ММ-ДД')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Такой даты нет');

/** The two control digits of a personal INN, from its first ten digits (a string of 10+ digits). */
export function innControlDigits(first10: string): string {
  const d = [...first10.slice(0, 10)].map(Number);
  const control = (weights: number[]) => (weights.reduce((sum, w, i) => sum + w * (d[i] ?? 0), 0) % 11) % 10;
  const c11 = control([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
  d[10] = c11;
  const c12 = control([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
  return `${c11}${c12}`;
}

/** Checks the two control digits of a 12-digit personal INN. */
export function isValidPersonalInn(inn: string): boolean {
  return /^\d{12}$/.test(inn) && innControlDigits(inn) === inn.slice(10);
}

const nameSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Укажите ${what}`)
    .max(100)
    .regex(/^[\p{L}][\p{L}\s'.-]*$/u, `${what[0]?.toUpperCase() ?? ''}${what.slice(1)}: только буквы`);

export const PassportBodySchema = z
  .object({
    last_name: nameSchema('фамилию'),
    first_name: nameSchema('имя'),
    middle_name: z
      .string()
      .trim()
      .max(100)
      .regex(/^([\p{L}][\p{L}\s'.-]*)?$/u, 'Отчество: только буквы')
      .default(''),
    birth_date: IsoDateSchema,
    /** Four digits; "12 34" is accepted. */
    series: z
      .string()
      .transform((v) => v.replace(/\s/g, ''))
      .refine((v) => /^\d{4}$/.test(v), 'Серия паспорта: 4 цифры'),
    number: z
      .string()
      .transform((v) => v.replace(/\s/g, ''))
      .refine((v) => /^\d{6}$/.test(v), 'Номер паспорта: 6 цифр'),
    issue_date: IsoDateSchema,
    inn: z.string().trim().refine(isValidPersonalInn, 'ИНН: 12 цифр с верными контрольными цифрами'),
    email: z.string().trim().max(254).pipe(z.email('Некорректный e-mail')),
  })
  .superRefine((v, ctx) => {
    const today = new Date().toISOString().slice(0, 10);
    if (v.birth_date < '1900-01-01' || v.birth_date > today) {
      ctx.addIssue({ code: 'custom', path: ['birth_date'], message: 'Некорректная дата рождения' });
    }
    if (v.issue_date > today || v.issue_date <= v.birth_date) {
      ctx.addIssue({ code: 'custom', path: ['issue_date'], message: 'Некорректная дата выдачи' });
    }
  });
export type PassportBody = z.infer<typeof PassportBodySchema>;

export const PassportQuerySchema = z.object({
  /** 1: the full data for the owner's edit form; otherwise series, number and INN are masked. */
  reveal: z.enum(['0', '1']).default('0'),
});

export const PassportSchema = z.object({
  last_name: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  birth_date: z.string(),
  series: z.string(),
  number: z.string(),
  issue_date: z.string(),
  inn: z.string(),
  email: z.string(),
  masked: z.boolean(),
});
export type Passport = z.infer<typeof PassportSchema>;

/** `result` is null until the shopper saves passport data. */
export const PassportResponseSchema = resultOf(PassportSchema.nullable());
