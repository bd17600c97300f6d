// Settings (docs/product.md §12.2): the exchange rate and fees will live here once the API has them; until
// then the page says so rather than showing controls that do nothing.
import { roleCan } from '@shop/contract';
import { useStaffRole } from '../use-staff-role.ts';

export function SettingsView() {
  const owner = roleCan(useStaffRole(), 'own');
  return (
    <section className="admin-card">
      <h2 className="admin-card__title">Настройки</h2>
      <dl className="admin-facts">
        <dt>Курс юаня</dt>
        <dd className="admin-muted">скоро</dd>
        <dt>Комиссия магазина</dt>
        <dd className="admin-muted">скоро</dd>
        <dt>Стоимость доставки</dt>
        <dd className="admin-muted">скоро</dd>
      </dl>
      <p className="admin-muted">
        Эти настройки появятся, когда их будет хранить сервер.
        {owner ? '' : ' Менять их сможет только владелец.'}
      </p>
    </section>
  );
}
