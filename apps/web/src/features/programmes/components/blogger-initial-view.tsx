// blogger/initial (research §5.3): the partnership in four lines, who we look for, and the
// application form (react-hook-form + zod) with the promo code checked as it is typed. While an
// application waits or needs changes, the same form edits it (PUT).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/notify.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showFieldError } from '../../../lib/field-error.ts';
import { checkPromoAvailable, useSaveApplication } from '../api/blogger.ts';
import type { BloggerApplication } from '../types.ts';
import {
  BLOGGER_PLATFORM_RU,
  BLOGGER_PLATFORMS,
  BLOGGER_TOPICS,
  BloggerApplicationBodySchema,
  PROMO_CODE_RE,
  type BloggerPlatform,
} from '@shop/contract';
import './programmes.css';
import { paths } from '../../../lib/paths.ts';

const PROMO = PROMO_CODE_RE;

// The contract's body, with the follower count typed as text in the field.
const FormSchema = BloggerApplicationBodySchema.extend({
  followers: z
    .string()
    .regex(/^\d{1,10}$/, 'Укажите число подписчиков')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Укажите число подписчиков').max(1_000_000_000)),
});
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

type Props = {
  /** The application being edited (pending or changes requested); null for a new one. */
  existing: BloggerApplication | null;
  /** Telegram username to prefill the contact. */
  username?: string | null;
};

type PromoState = 'idle' | 'checking' | 'free' | 'taken';

/** Whether a typed promo code is free: asked 350 ms after the last keystroke; its own code is not asked. */
function usePromoState(promo: string, ownCode: string | undefined): PromoState {
  // The availability answer for one code; the state shown is derived from it while typing.
  const [checked, setChecked] = useState<{ promo: string; state: PromoState } | null>(null);
  const promoToCheck = PROMO.test(promo) && promo !== ownCode ? promo : null;
  const promoState: PromoState =
    promoToCheck === null ? 'idle' : checked?.promo === promoToCheck ? checked.state : 'checking';

  useEffect(() => {
    if (promoToCheck === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkPromoAvailable(promoToCheck, controller.signal).then(
        (available) => setChecked({ promo: promoToCheck, state: available ? 'free' : 'taken' }),
        () => setChecked({ promo: promoToCheck, state: 'idle' }),
      );
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [promoToCheck]);
  return promoState;
}

export function BloggerInitialView({ existing, username }: Props) {
  const navigate = useNavigate();
  const save = useSaveApplication(existing ? 'PUT' : 'POST');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    mode: 'onTouched',
    defaultValues: {
      platform: existing?.platform ?? 'telegram',
      url: existing?.url ?? '',
      followers: existing ? String(existing.followers) : '',
      topic: existing?.topic ?? BLOGGER_TOPICS[0],
      promo_code: existing?.promo_code ?? '',
      contact: existing?.contact ?? (username ? `@${username}` : ''),
      offer_accepted: (existing ? true : false) as true,
      marking_ack: (existing ? true : false) as true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const promo = useWatch({ control: form.control, name: 'promo_code' });
  const promoState = usePromoState(promo, existing?.promo_code);

  const submit = form.handleSubmit(async (values) => {
    if (promoState === 'taken') {
      form.setError('promo_code', { message: 'Промокод занят' });
      return;
    }
    try {
      await save.mutateAsync(values);
      notify.success(existing ? 'Заявка обновлена' : 'Заявка отправлена');
      void navigate(paths.bloggerModer, { replace: true });
    } catch (error) {
      // Toasted by the mutation's meta; a refused field is marked too.
      showFieldError(form.setError, error, values);
    }
  });

  const text = (
    name: 'url' | 'followers' | 'promo_code' | 'contact',
    label: string,
    extra: Partial<React.ComponentProps<typeof TextField>> = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          name={name}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          error={errors[name]?.message}
          {...extra}
        />
      )}
    />
  );

  return (
    <div className="pg">
      {!existing && (
        <>
          <section className="pg-hero">
            <h2 className="pg-hero__title">Партнёрская программа для блогеров</h2>
            <p className="pg-hero__text">
              Рекомендуйте оригинальные вещи с Poizon и зарабатывайте с каждого заказа.
            </p>
          </section>
          <ul className="pg-benefits">
            <li>5 % с каждого заказа ваших подписчиков</li>
            <li>Скидка 5 % на первый заказ по вашему промокоду</li>
            <li>Вывод от 1 000 ₽ на карту или по СБП за 3 рабочих дня</li>
            <li>Статистика переходов и заказов в реальном времени</li>
          </ul>
          <p className="pg-hint">
            Кого мы ищем: аккаунт от 1 000 подписчиков в Telegram, VK, YouTube, TikTok или другой сети о моде,
            кроссовках, стиле. Для вывода денег нужен статус самозанятого или ИП.
          </p>
        </>
      )}

      <form
        className="pg-form"
        noValidate
        aria-label="Заявка блогера"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 className="pg-section-title">{existing ? 'Изменить заявку' : 'Заявка'}</h2>
        <Select
          form={form}
          name="platform"
          label="Площадка"
          options={BLOGGER_PLATFORMS.map((p: BloggerPlatform) => ({
            value: p,
            label: BLOGGER_PLATFORM_RU[p],
          }))}
        />
        {text('url', 'Ссылка на канал', {
          placeholder: 'https://t.me/…',
          inputMode: 'url',
          autoComplete: 'url',
        })}
        {text('followers', 'Подписчиков', {
          inputMode: 'numeric',
          mask: (v) => v.replace(/\D/g, '').slice(0, 9),
          placeholder: '12000',
        })}
        <Select form={form} name="topic" label="Тематика" options={topicOptions(existing?.topic)} />
        {text('promo_code', 'Желаемый промокод', {
          mask: (v) =>
            v
              .toUpperCase()
              .replace(/[^A-Z0-9]/g, '')
              .slice(0, 16),
          autoCapitalize: 'characters',
          autoComplete: 'off',
          spellCheck: false,
          placeholder: 'ANNA',
        })}
        {!errors.promo_code && promoState !== 'idle' && (
          <p
            className={`pg-hint pg-promo-state pg-promo-state--${promoState}`}
            role="status"
            aria-live="polite"
          >
            {promoState === 'checking'
              ? 'Проверяем промокод…'
              : promoState === 'free'
                ? '✓ Промокод свободен'
                : '✗ Промокод занят'}
          </p>
        )}
        {text('contact', 'Как с вами связаться', { placeholder: '@username', autoComplete: 'off' })}
        <Check form={form} name="offer_accepted" label="Принимаю условия оферты партнёрской программы" />
        <Check form={form} name="marking_ack" label="Понимаю, что рекламу нужно маркировать (erid)" />
        <div style={{ height: 72 }} aria-hidden="true" />
        <Button type="submit" fixed loading={isSubmitting}>
          {existing ? 'Сохранить заявку' : 'Отправить заявку'}
        </Button>
      </form>
    </div>
  );
}

const topicOptions = (current?: string) =>
  [
    ...BLOGGER_TOPICS,
    ...(current && !(BLOGGER_TOPICS as readonly string[]).includes(current) ? [current] : []),
  ].map((t) => ({ value: t, label: t }));

type Form = ReturnType<typeof useForm<FormInput, unknown, FormOutput>>;

function Select({
  form,
  name,
  label,
  options,
}: {
  form: Form;
  name: 'platform' | 'topic';
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <label className="pg-select">
      {label}
      <select {...form.register(name)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Check({ form, name, label }: { form: Form; name: 'offer_accepted' | 'marking_ack'; label: string }) {
  const error = form.formState.errors[name]?.message;
  return (
    <>
      <label className="pg-check">
        <input type="checkbox" {...form.register(name)} aria-invalid={error ? true : undefined} />
        <span>{label}</span>
      </label>
      {error && (
        <p className="pg-field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
