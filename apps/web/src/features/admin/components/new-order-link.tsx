// «Новый заказ» above the orders list, for staff who may place one (`operate`).
import './console-pages.css';
import { roleCan } from '@shop/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useStaffRole } from '../use-staff-role.ts';

export function NewOrderLink() {
  const role = useStaffRole();
  if (!roleCan(role, 'operate')) return null;
  return (
    <p className="admin-new-order-link">
      <Link className="admin-link-button" to={paths.adminNewOrder}>
        + Новый заказ
      </Link>
    </p>
  );
}
