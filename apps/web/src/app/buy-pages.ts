// The lazily loaded pages of the buying half (basket, order placing, payment, orders, profile),
// keyed by route path; the router uses them in place of the placeholder.
import type { RouteObject } from 'react-router';

export const BUY_PAGES: Record<string, RouteObject['lazy']> = {
  basket: () => import('./routes/basket.tsx'),
  profile: () => import('./routes/profile.tsx'),
  'orders/history': () => import('./routes/orders-history.tsx'),
  'orders/placing': () => import('./routes/orders-placing/index.tsx'),
  'orders/details/:id': () => import('./routes/orders-details.tsx'),
  'payment-await': () => import('./routes/payment-await.tsx'),
  'profile/delivery': () => import('./routes/profile-delivery.tsx'),
  'profile/passport_data': () => import('./routes/profile-passport.tsx'),
  'profile/delivery/set': () => import('./routes/profile-delivery-set.tsx'),
  'profile/delivery/set/:id': () => import('./routes/profile-delivery-set.tsx'),
};
