// blogger/conclusion/payment (research §5.7): where to pay — SBP (phone and bank) or a card (Luhn
// checked) — the recipient's name, the tax status (self-employed or ИП) with a 12-digit INN whose
// check digits are right, and the request itself, sent once per attempt (Idempotency-Key).
import { isValidCardNumber, isValidPersonalInn } from '@shop/contract';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { Digits12Field, TextField } from '../../../components/ui/text-field.tsx';
import { formatPhoneInput } from '../../../lib/phone.ts';
import { formatPrice } from '../../../lib/price.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { useCreatePayout } from '../api/blogger.ts';
import './programmes.css';
import { paths } from '../../../lib/paths.ts';

export const BANKS = [
  'Т-Банк',
  'Сбербанк',
  'Альфа-Банк',
  'ВТБ',
  'Газпромбанк',
  'Райффайзенбанк',
  'Ozon Банк',
  'Другой',
] as const;

const maskCard = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export type PayoutForm = {
  method: 'sbp' | 'card';
  phone: string;
  bank: string;
  card: string;
  full_name: string;
  tax_status: 'self_employed' | 'ip';
  inn: string;
  save_details: boolean;
};

export function validatePayout(f: PayoutForm): Partial<Record<keyof PayoutForm, string>> {
  const errors: Partial<Record<keyof PayoutForm, string>> = {};
  if (f.method === 'sbp' && f.phone.replace(/\D/g, '').length !== 11)
    errors.phone = 'Введите номер телефона в формате +7XXXXXXXXXX';
  if (f.method === 'card' && !isValidCardNumber(f.card.replace(/\D/g, '')))
    errors.card = 'Проверьте номер карты';
  if (f.full_name.trim().split(/\s+/).length < 2) errors.full_name = 'Укажите ФИО получателя';
  if (!/^\d{12}$/.test(f.inn)) errors.inn = 'ИНН должен состоять из 12 цифр';
  else if (!isValidPersonalInn(f.inn)) errors.inn = 'Проверьте ИНН: неверные контрольные цифры';
  return errors;
}

export function BloggerPaymentView({ amount }: { amount: number }) {
  const navigate = useNavigate();
  const create = useCreatePayout();
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const [form, setForm] = useState<PayoutForm>({
    method: 'sbp',
    phone: '',
    bank: 'Т-Банк',
    card: '',
    full_name: '',
    tax_status: 'self_employed',
    inn: '',
    save_details: true,
  });
  const [shown, setShown] = useState(false);
  const errors = validatePayout(form);
  const visible = shown ? errors : {};
  const set = <K extends keyof PayoutForm>(key: K, value: PayoutForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    setShown(true);
    if (Object.keys(errors).length > 0) {
      haptic.error();
      return;
    }
    try {
      await create.mutateAsync({
        key: idempotencyKey,
        body: {
          amount,
          method: form.method,
          ...(form.method === 'sbp'
            ? { phone: `+${form.phone.replace(/\D/g, '')}`, bank: form.bank }
            : { card: form.card.replace(/\D/g, '') }),
          full_name: form.full_name.trim(),
          tax_status: form.tax_status,
          inn: form.inn,
          save_details: form.save_details,
        },
      });
      notify.success('Заявка на вывод создана');
      void navigate(paths.bloggerConclusion, { replace: true });
    } catch {
      // Toasted by the mutation's meta (app/query-client.ts); the form stays for another try.
    }
  };

  return (
    <form
      className="pg pg-form"
      noValidate
      aria-label="Реквизиты для вывода"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="pg-section-title">Куда выплатить</h2>
      <div className="pg-segment" role="group" aria-label="Способ выплаты">
        <button type="button" aria-pressed={form.method === 'sbp'} onClick={() => set('method', 'sbp')}>
          По СБП
        </button>
        <button type="button" aria-pressed={form.method === 'card'} onClick={() => set('method', 'card')}>
          На карту
        </button>
      </div>
      {form.method === 'sbp' ? (
        <>
          <TextField
            label="Телефон"
            value={form.phone}
            onValueChange={(v) => set('phone', v)}
            mask={formatPhoneInput}
            inputMode="tel"
            autoComplete="tel"
            placeholder="+7 999 123-45-67"
            error={visible.phone}
          />
          <label className="pg-select">
            Банк
            <select value={form.bank} onChange={(e) => set('bank', e.target.value)}>
              {BANKS.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </label>
        </>
      ) : (
        <TextField
          label="Номер карты"
          value={form.card}
          onValueChange={(v) => set('card', v)}
          mask={maskCard}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="2200 0000 0000 0000"
          error={visible.card}
        />
      )}
      <TextField
        label="Получатель (ФИО)"
        value={form.full_name}
        onValueChange={(v) => set('full_name', v)}
        autoComplete="name"
        error={visible.full_name}
      />
      <p className="pg-hint">Должно совпадать с владельцем счёта</p>

      <h2 className="pg-section-title">Налоговый статус</h2>
      <div className="pg-segment" role="group" aria-label="Налоговый статус">
        <button
          type="button"
          aria-pressed={form.tax_status === 'self_employed'}
          onClick={() => set('tax_status', 'self_employed')}
        >
          Самозанятый
        </button>
        <button type="button" aria-pressed={form.tax_status === 'ip'} onClick={() => set('tax_status', 'ip')}>
          ИП
        </button>
      </div>
      <Digits12Field label="ИНН" value={form.inn} onValueChange={(v) => set('inn', v)} error={visible.inn} />
      <label className="pg-check">
        <input
          type="checkbox"
          checked={form.save_details}
          onChange={(e) => set('save_details', e.target.checked)}
        />
        <span>Запомнить реквизиты</span>
      </label>

      <section className="pg-card" aria-label="Итого">
        <dl className="pg-kv">
          <dt>Итого к выплате</dt>
          <dd>
            <strong>{formatPrice(amount)}</strong>
          </dd>
          <dt>Срок</dt>
          <dd>до 3 рабочих дней</dd>
        </dl>
        {form.tax_status === 'self_employed' && (
          <p className="pg-card__hint">
            Самозанятым: после получения денег пришлите чек из приложения «Мой налог».
          </p>
        )}
      </section>
      <Button type="submit" fullWidth loading={create.isPending}>
        Отправить заявку
      </Button>
    </form>
  );
}
