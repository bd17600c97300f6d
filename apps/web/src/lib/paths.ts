// Every in-app address built from data, in one place.
export const paths = {
  home: '/',
  basket: '/basket',
  ordersHistory: '/orders/history',
  paymentAwait: (guid: string) => `/payment-await?transaction_guid=${encodeURIComponent(guid)}`,
  orderDetails: (id: number) => `/orders/details/${id}`,
  placing: (step: number) => `/orders/placing?step=${step}`,
  catalog: (categoryId?: number) => (categoryId === undefined ? '/catalog' : `/catalog/${categoryId}`),
  profileDelivery: '/profile/delivery',
};
