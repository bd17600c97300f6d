// orders/placing?step=N (DESIGN §5): 0 the chosen basket lines with prices re-read from the
// server, 1 delivery (a saved address or a new one), 2 customs data (the shared passport form),
// 3 confirm and pay (POST /order with the attempt's Idempotency-Key, then the payment link through
// Telegram). Forward steps push history; the back button rules go one step back.
import type { CartEntry, CartVariant, DeliveryAddress } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ProductImage } from '../../components/ui/product-image.tsx';
import { SkeletonBlock } from '../../components/ui/skeleton-block.tsx';
import { cartQueryOptions } from '../../features/cart/api/get-cart.ts';
import { PlacingSteps, parseStep } from '../../features/checkout/components/placing-steps.tsx';
import { useCheckoutStore } from '../../features/checkout/checkout-store.ts';
import { useDeliveries } from '../../features/delivery/api/get-deliveries.ts';
import { useSaveDelivery } from '../../features/delivery/api/save-delivery.ts';
import {
  AddressList,
  AddressListSkeleton,
  addressLine,
  recipientLine,
} from '../../features/delivery/components/address-list.tsx';
import { DeliveryForm } from '../../features/delivery/components/delivery-form.tsx';
import { useCreateOrder } from '../../features/orders/api/create-order.ts';
import { usePayOrder } from '../../features/orders/use-pay-order.ts';
import { PassportEditor } from '../../features/passport/components/passport-form.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { hasErrorCode } from '../../lib/error-message.ts';
import { countRu } from '../../lib/format.ts';
import { formatPrice } from '../../lib/price.ts';
import { haptic } from '../../telegram/haptics.ts';
import { variantLabel } from '../../lib/variant-label.ts';

type Line = { entry: CartEntry; variant: CartVariant };
const ITEMS = ['товар', 'товара', 'товаров'] as const;
const NEW_ADDRESS_FORM = 'placing-new-address';

/** The basket lines of this checkout, read fresh from the server (prices may have changed). */
function useChosenLines() {
  const variantIds = useCheckoutStore((s) => s.variantIds);
  const cart = useQuery({ ...cartQueryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const lines = useMemo<Line[] | undefined>(() => {
    if (!cart.data) return undefined;
    const all = cart.data.flatMap((entry) => entry.variants.map((variant) => ({ entry, variant })));
    const chosen = variantIds.length > 0 ? all.filter((l) => variantIds.includes(l.variant.id)) : all;
    return chosen.filter((l) => l.variant.qty > 0);
  }, [cart.data, variantIds]);
  return { cart, lines };
}

export function Component() {
  const [params] = useSearchParams();
  const step = parseStep(params.get('step'));
  const navigate = useNavigate();
  const goTo = (next: number) => {
    haptic.impact();
    void navigate(`/orders/placing?step=${next}`);
    window.scrollTo({ top: 0 });
  };
  const { cart, lines } = useChosenLines();

  return (
    <section className="placing">
      <PlacingSteps step={step} />
      {cart.isPending ? (
        <LinesSkeleton />
      ) : !lines || lines.length === 0 ? (
        <div className="placing-empty">
          <p className="placing-empty__title">Нечего оформлять</p>
          <p className="placing-empty__hint">Выберите товары в корзине</p>
          <Link to="/basket" replace className="button button--primary button--medium">
            В корзину
          </Link>
        </div>
      ) : step === 0 ? (
        <ItemsStep lines={lines} onNext={() => goTo(1)} />
      ) : step === 1 ? (
        <DeliveryStep onNext={() => goTo(2)} />
      ) : step === 2 ? (
        <PassportEditor submitLabel="Далее" onSaved={() => goTo(3)} />
      ) : (
        <ConfirmStep lines={lines} onEdit={(s) => goTo(s)} />
      )}
    </section>
  );
}

function lineTotal(lines: Line[]) {
  return lines.reduce((sum, l) => sum + l.variant.price * l.variant.quantity, 0);
}

function Lines({ lines }: { lines: Line[] }) {
  return (
    <ul className="placing-lines" aria-label="Товары заказа">
      {lines.map(({ entry, variant }) => (
        <li key={variant.id} className="placing-line">
          <span className="product-thumb placing-line__image">
            <ProductImage
              src={variant.image ?? entry.product.image_src}
              size={{ width: 160 }}
              alt={entry.product.title}
            />
          </span>
          <span className="placing-line__body">
            <span className="placing-line__title">{entry.product.title}</span>
            <span className="placing-line__variant">
              {variantLabel(variant)}
              {` · ${variant.quantity} шт.`}
            </span>
          </span>
          <span className="placing-line__price">{formatPrice(variant.price * variant.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}

function Totals({ lines }: { lines: Line[] }) {
  const units = lines.reduce((n, l) => n + l.variant.quantity, 0);
  const sum = lineTotal(lines);
  return (
    <div className="placing-total">
      <p className="placing-total__row">
        <span>{countRu(units, ITEMS)}</span>
        <span>{formatPrice(sum)}</span>
      </p>
      <p className="placing-total__row">
        <span>Доставка</span>
        <span>Бесплатно</span>
      </p>
      <p className="placing-total__row placing-total__row--sum">
        <span>К оплате</span>
        <span data-testid="placing-total">{formatPrice(sum)}</span>
      </p>
    </div>
  );
}

function ItemsStep({ lines, onNext }: { lines: Line[]; onNext: () => void }) {
  return (
    <>
      <div className="placing-section">
        <Lines lines={lines} />
      </div>
      <Totals lines={lines} />
      <p className="placing-note">Цены актуальны на сейчас и фиксируются при оформлении заказа.</p>
      <Button fixed onClick={onNext}>
        Далее
      </Button>
    </>
  );
}

function DeliveryStep({ onNext }: { onNext: () => void }) {
  const deliveries = useDeliveries();
  const deliveryId = useCheckoutStore((s) => s.deliveryId);
  const setDelivery = useCheckoutStore((s) => s.setDelivery);
  const save = useSaveDelivery();
  const addresses = deliveries.data;
  const [addingNew, setAddingNew] = useState(false);

  const known = addresses?.some((a) => a.id === deliveryId);
  // The chosen address: the one of this checkout if it still exists, else the default one.
  useEffect(() => {
    if (!addresses || known) return;
    const fallback = addresses.find((a) => a.is_default) ?? addresses[0];
    setDelivery(fallback?.id ?? null);
  }, [addresses, known, setDelivery]);

  if (deliveries.isPending) return <AddressListSkeleton />;
  if (deliveries.isError)
    return <p className="placing-note">Не удалось загрузить адреса. Обновите страницу.</p>;

  const showForm = addingNew || (addresses?.length ?? 0) === 0;
  return (
    <>
      {addresses && addresses.length > 0 && (
        <div className="placing-section">
          <AddressList
            mode="select"
            addresses={addresses}
            selectedId={addingNew ? null : deliveryId}
            onSelect={(id) => {
              setAddingNew(false);
              setDelivery(id);
            }}
          />
          <button
            type="button"
            className={`placing-new-address${addingNew ? ' placing-new-address--active' : ''}`}
            onClick={() => {
              haptic.selection();
              setAddingNew(true);
            }}
          >
            <span className="placing-new-address__plus" aria-hidden="true">
              +
            </span>
            Новый адрес
          </button>
        </div>
      )}
      {showForm && (
        <div className="placing-form-wrap">
          <DeliveryForm
            formId={NEW_ADDRESS_FORM}
            onSubmit={async (body) => {
              try {
                const saved = await save.mutateAsync({ body });
                setDelivery(saved.id);
                setAddingNew(false);
                onNext();
              } catch {
                // The mutation's error toast has told the shopper; the form stays as typed.
              }
            }}
          />
        </div>
      )}
      <p className="placing-note">
        Доставим до двери или в пункт выдачи. Курьер позвонит по указанному телефону.
      </p>
      {showForm ? (
        <Button fixed type="submit" form={NEW_ADDRESS_FORM} loading={save.isPending}>
          Далее
        </Button>
      ) : (
        <Button fixed disabled={!deliveryId} onClick={onNext}>
          Далее
        </Button>
      )}
    </>
  );
}

function ConfirmStep({ lines, onEdit }: { lines: Line[]; onEdit: (step: number) => void }) {
  const deliveries = useDeliveries();
  const { deliveryId, idempotencyKey, finish } = useCheckoutStore();
  const createOrder = useCreateOrder();
  const pay = usePayOrder();
  const address: DeliveryAddress | undefined = deliveries.data?.find((a) => a.id === deliveryId);
  const sum = lineTotal(lines);

  const placeAndPay = async () => {
    if (!address) return onEdit(1);
    haptic.impact('medium');
    let orderId: number;
    try {
      // The same key on every retry of this attempt: a lost answer never makes a second order.
      const order = await createOrder.mutateAsync({
        key: idempotencyKey,
        body: {
          delivery_id: address.id,
          items: lines.map((l) => ({
            product_id: l.entry.product_id,
            variant_id: l.variant.id,
            quantity: l.variant.quantity,
          })),
        },
      });
      orderId = order.id;
    } catch (error) {
      // The mutation's error toast has told the shopper what went wrong.
      if (hasErrorCode(error, 'passport_required')) onEdit(2);
      // Refused (out of stock…): the next press is a new attempt. A network failure keeps the key.
      else if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) finish();
      return;
    }
    // Until the payment link opens, a retry replays the same key and so pays the same order;
    // after it, the next checkout is a new attempt.
    try {
      await pay.mutateAsync(orderId);
      finish();
    } catch {
      // usePayOrder has told the shopper; the key is kept for the retry.
    }
  };

  return (
    <>
      <div className="placing-section">
        <h2 className="placing-section__title">Товары</h2>
        <Lines lines={lines} />
      </div>
      <div className="placing-section">
        <h2 className="placing-section__title">Доставка</h2>
        {deliveries.isPending ? (
          <SkeletonBlock style={{ height: 64, borderRadius: 12 }} />
        ) : (
          <div className="placing-summary">
            <span className="placing-summary__text">
              {address ? (
                <>
                  <span>{addressLine(address)}</span>
                  <span className="placing-summary__hint">{recipientLine(address)}</span>
                </>
              ) : (
                <span className="placing-summary__hint">Адрес не выбран</span>
              )}
            </span>
            <button type="button" className="placing-summary__edit" onClick={() => onEdit(1)}>
              Изменить
            </button>
          </div>
        )}
      </div>
      <div className="placing-section">
        <h2 className="placing-section__title">Данные для таможни</h2>
        <div className="placing-summary">
          <span className="placing-summary__text">
            <span>Паспортные данные сохранены</span>
            <span className="placing-summary__hint">Нужны для таможенного оформления</span>
          </span>
          <button type="button" className="placing-summary__edit" onClick={() => onEdit(2)}>
            Изменить
          </button>
        </div>
      </div>
      <Totals lines={lines} />
      <p className="placing-note">
        Нажимая «Оплатить», вы соглашаетесь с условиями доставки и оферты. Оплата откроется на защищённой
        странице.
      </p>
      <Button
        fixed
        loading={createOrder.isPending || pay.isPending}
        disabled={!address}
        onClick={() => void placeAndPay()}
      >
        Оплатить {formatPrice(sum)}
      </Button>
    </>
  );
}

function LinesSkeleton() {
  return (
    <div aria-busy="true" aria-label="Загрузка">
      <SkeletonBlock style={{ height: 88 * 2, borderRadius: 12, marginBottom: 16 }} />
      <SkeletonBlock style={{ height: 110, borderRadius: 12 }} />
    </div>
  );
}
