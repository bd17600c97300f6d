import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useCheckoutStore } from '../../../features/checkout/checkout-store.ts';
import { useDeliveries } from '../../../features/delivery/api/get-deliveries.ts';
import { useSaveDelivery } from '../../../features/delivery/api/save-delivery.ts';
import { AddressList, AddressListSkeleton } from '../../../features/delivery/components/address-list.tsx';
import { DeliveryForm } from '../../../features/delivery/components/delivery-form.tsx';
import { pickAddress } from '../../../features/delivery/pick-address.ts';
import { haptic } from '../../../telegram/haptics.ts';

const NEW_ADDRESS_FORM = 'placing-new-address';

/** A saved address, or a new one; what is typed stays as a draft across steps and reloads. */
export function DeliveryStep({ onNext }: { onNext: () => void }) {
  const deliveries = useDeliveries();
  const { deliveryId, setDelivery, deliveryDraft, setDeliveryDraft } = useCheckoutStore();
  const save = useSaveDelivery();
  const addresses = deliveries.data;
  const [addingNew, setAddingNew] = useState(deliveryDraft !== null);

  const fallbackId = pickAddress(addresses, deliveryId)?.id ?? null;
  useEffect(() => {
    if (addresses && fallbackId !== deliveryId) setDelivery(fallbackId);
  }, [addresses, fallbackId, deliveryId, setDelivery]);

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
              setDeliveryDraft(null);
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
            draft={deliveryDraft}
            onDraftChange={setDeliveryDraft}
            onSubmit={async (body) => {
              try {
                const saved = await save.mutateAsync({ body });
                setDelivery(saved.id);
                setDeliveryDraft(null);
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
