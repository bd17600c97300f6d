// The sandbox provider's payment page: plain server-rendered HTML, mobile first, in Russian.

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Why a payment page has no buttons: its payment or its order is settled. */
export function closedNotice(sandboxStatus: 'pending' | 'succeeded' | 'canceled'): string {
  if (sandboxStatus === 'succeeded') return 'Заказ оплачен';
  if (sandboxStatus === 'canceled') return 'Оплата отменена';
  return ORDER_CLOSED;
}

/** The order lapsed while its payment was still open. */
export const ORDER_CLOSED = 'Заказ отменён, оплатить его уже нельзя';

export const formatRoubles = (amount: number) =>
  `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0₽`;

export function renderSandboxPage(p: {
  description: string;
  amount: number;
  actionBase?: string;
  notice?: string;
}): string {
  const actions = p.actionBase
    ? `<form method="post" action="${escapeHtml(p.actionBase)}/pay"><button class="pay" type="submit">Оплатить</button></form>
    <form method="post" action="${escapeHtml(p.actionBase)}/cancel"><button class="cancel" type="submit">Отменить</button></form>`
    : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Оплата заказа</title>
<style>
  body { margin: 0; font: 16px/1.4 system-ui, -apple-system, sans-serif; background: #f2f3f5; color: #111; }
  main { max-width: 420px; margin: 0 auto; padding: 24px 16px; }
  .card { background: #fff; border-radius: 16px; padding: 20px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .total { font-size: 32px; font-weight: 700; margin: 16px 0 24px; }
  .note { color: #666; font-size: 14px; margin: 0 0 16px; }
  .notice { background: #fff4e5; border-radius: 12px; padding: 12px; margin: 0 0 16px; }
  button { width: 100%; min-height: 52px; border: 0; border-radius: 12px; font-size: 17px; margin-top: 10px; cursor: pointer; }
  .pay { background: #2481cc; color: #fff; }
  .cancel { background: #e9ecef; color: #111; }
</style>
</head>
<body>
<main>
  <div class="card">
    <h1>${escapeHtml(p.description)}</h1>
    <p class="note">Тестовая оплата: деньги не списываются.</p>
    ${p.notice ? `<p class="notice">${escapeHtml(p.notice)}</p>` : ''}
    <div class="total">${formatRoubles(p.amount)}</div>
    ${actions}
  </div>
</main>
</body>
</html>`;
}
