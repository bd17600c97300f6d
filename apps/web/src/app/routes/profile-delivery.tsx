// profile/delivery: the saved addresses with the default mark, editing and deletion, and the way
// to a new one.
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { useDeliveries } from '../../features/delivery/api/get-deliveries.ts';
import { AddressList, AddressListSkeleton } from '../../features/delivery/components/address-list.tsx';
import { paths } from '../../lib/paths.ts';

export function Component() {
  const deliveries = useDeliveries();
  const navigate = useNavigate();
  return (
    <section>
      <h1 className="page-title">Адреса доставки</h1>
      {deliveries.isPending ? (
        <AddressListSkeleton />
      ) : deliveries.isError ? (
        <LoadError
          title="Не удалось загрузить адреса"
          onRetry={deliveries.refetch}
          retrying={deliveries.isFetching}
        />
      ) : deliveries.data.length === 0 ? (
        <div className="address-empty">
          <p className="address-empty__title">Адресов пока нет</p>
          <p className="address-empty__hint">Добавьте адрес — он подставится при оформлении заказа</p>
        </div>
      ) : (
        <AddressList mode="manage" addresses={deliveries.data} />
      )}
      <Button fixed onClick={() => void navigate(paths.profileDeliverySet)}>
        Добавить адрес
      </Button>
    </section>
  );
}
