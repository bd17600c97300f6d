// profile/delivery/set (a new address) and profile/delivery/set/{id} (editing one).
import type { DeliveryBody } from '@shop/contract';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../components/ui/notify.ts';
import { useDeliveries } from '../../features/delivery/api/get-deliveries.ts';
import { useSaveDelivery } from '../../features/delivery/api/save-delivery.ts';
import { AddressListSkeleton } from '../../features/delivery/components/address-list.tsx';
import { DeliveryForm } from '../../features/delivery/components/delivery-form.tsx';
import { useSingleFlight } from '../../lib/use-single-flight.ts';
import { paths } from '../../lib/paths.ts';

const FORM_ID = 'profile-delivery-form';

export function Component() {
  const { id } = useParams();
  const editId = id ? Number(id) : undefined;
  const deliveries = useDeliveries();
  const save = useSaveDelivery();
  const navigate = useNavigate();
  const existing = editId ? deliveries.data?.find((a) => a.id === editId) : undefined;
  // «Сохранить» tapped twice saves once.
  const saveOnce = useSingleFlight(async (data: DeliveryBody) => {
    try {
      await save.mutateAsync({ body: data, id: editId });
      notify.success(editId ? 'Адрес сохранён' : 'Адрес добавлен');
      void navigate(paths.profileDelivery, { replace: true });
    } catch {
      // The mutation's error toast has told the shopper; the form stays as typed.
    }
  });

  let body;
  if (editId && deliveries.isPending) body = <AddressListSkeleton />;
  else if (editId && !existing) body = <p className="address-empty__hint">Адрес не найден</p>;
  else
    body = (
      <>
        <DeliveryForm
          key={existing?.id ?? 'new'}
          formId={FORM_ID}
          initial={existing}
          showDefault
          onSubmit={saveOnce}
        />
        <Button fixed type="submit" form={FORM_ID} loading={save.isPending}>
          Сохранить
        </Button>
      </>
    );

  return (
    <section>
      <h1 className="page-title">{editId ? 'Адрес доставки' : 'Новый адрес'}</h1>
      {body}
    </section>
  );
}
