// Saved delivery addresses: in "manage" mode (profile) each has edit and delete (after
// confirmation); in "select" mode (order placing) they are radio choices.
import type { DeliveryAddress } from '@shop/contract';
import { Link } from 'react-router';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { SkeletonBlock } from '../../../components/ui/skeleton-block.tsx';
import { haptic } from '../../../telegram/haptics.ts';
import { useDeleteDelivery } from '../api/delete-delivery.ts';
import { formatPhoneInput } from '../../../lib/phone.ts';
import './address-list.css';
import { paths } from '../../../lib/paths.ts';

/** «Москва, ул. Тверская, 1», or for a pickup point «Пункт выдачи: Россия, Москва, …». */
export const addressLine = (
  a: Pick<DeliveryAddress, 'city' | 'address'> & { kind?: DeliveryAddress['kind'] },
) => (a.kind === 'pickup' ? `Пункт выдачи: ${a.address}` : `${a.city}, ${a.address}`);
/** The recipient and the phone; the phone is one unbreakable piece (`.phone`), never split over two lines. */
export const recipientLine = (a: Pick<DeliveryAddress, 'last_name' | 'fio' | 'phone_number'>) => (
  <>
    {a.last_name} {a.fio} · <span className="phone">{formatPhoneInput(a.phone_number)}</span>
  </>
);

type ManageProps = { mode: 'manage'; addresses: DeliveryAddress[] };
type SelectProps = {
  mode: 'select';
  addresses: DeliveryAddress[];
  selectedId: number | null;
  onSelect: (id: number) => void;
};

export function AddressList(props: ManageProps | SelectProps) {
  const remove = useDeleteDelivery();

  const askDelete = async (a: DeliveryAddress) => {
    haptic.impact('medium');
    const yes = await confirm({
      title: 'Удалить адрес?',
      message: addressLine(a),
      confirmText: 'Удалить',
      cancelText: 'Отмена',
      destructive: true,
    });
    if (!yes) return;
    remove.mutate(a.id, {
      onSuccess: () => notify.success('Адрес удалён'),
    });
  };

  return (
    <ul className="address-list" aria-label="Адреса доставки">
      {props.addresses.map((a) => {
        const body = (
          <>
            <span className="address-card__main">
              <span className="address-card__line">{addressLine(a)}</span>
              {a.is_default && <span className="address-card__badge">По умолчанию</span>}
            </span>
            <span className="address-card__recipient">{recipientLine(a)}</span>
          </>
        );
        if (props.mode === 'select') {
          const checked = props.selectedId === a.id;
          return (
            <li key={a.id}>
              <label
                className={`address-card address-card--selectable${checked ? ' address-card--checked' : ''}`}
              >
                <input
                  type="radio"
                  name="delivery"
                  checked={checked}
                  onChange={() => {
                    haptic.selection();
                    props.onSelect(a.id);
                  }}
                />
                <span className="address-card__radio" aria-hidden="true" />
                <span className="address-card__text">{body}</span>
              </label>
            </li>
          );
        }
        return (
          <li key={a.id} className="address-card">
            <Link to={paths.profileDeliveryEdit(a.id)} className="address-card__text address-card__edit">
              {body}
            </Link>
            <button
              type="button"
              className="address-card__delete"
              aria-label={`Удалить адрес: ${addressLine(a)}`}
              onClick={() => void askDelete(a)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
              </svg>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function AddressListSkeleton() {
  return (
    <div className="address-list" aria-busy="true" aria-label="Загрузка адресов">
      {[0, 1].map((i) => (
        <SkeletonBlock key={i} style={{ height: 72, borderRadius: 12 }} />
      ))}
    </div>
  );
}
