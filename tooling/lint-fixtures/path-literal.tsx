// apps/web/src/features/orders/components/x.tsx — literal in-app addresses (shop/registries).
import { paths } from '../../../lib/paths.ts';

declare const navigate: (to: string) => void;
declare const Link: (props: { to: string; children: string }) => null;

export function go(id: number) {
  navigate(`/orders/details/${id}`);
  navigate(paths.orderDetails(id));
}

export const link = <Link to="/basket">Корзина</Link>;
export const fine = <Link to={paths.basket}>Корзина</Link>;
export const outside = <a href="https://t.me/shop">Telegram</a>;
