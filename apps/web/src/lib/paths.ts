// Every in-app address built from data, in one place.
export const paths = {
  /** The console (docs/product.md §12): an order's card, the orders list under a filter, a customer's card. */
  adminOrder: (id: number) => `/admin/orders/${id}`,
  adminOrders: (query = '') => (query ? `/admin/orders?${query}` : '/admin/orders'),
  adminCustomer: (id: number) => `/admin/customers/${id}`,
  /** «Новый заказ»: a manual order for a shopper who ordered in a chat. */
  adminNewOrder: '/admin/orders/new',
  home: '/',
  basket: '/basket',
  ordersHistory: '/orders/history',
  paymentAwait: (guid: string) => `/payment-await?transaction_guid=${encodeURIComponent(guid)}`,
  orderDetails: (id: number) => `/orders/details/${id}`,
  placing: (step: number) => `/orders/placing?step=${step}`,
  catalog: (categoryId?: number) => (categoryId === undefined ? '/catalog' : `/catalog/${categoryId}`),
  profileDelivery: '/profile/delivery',
  /** A blogger's public page (`?id=` is the product drawer's, so the user id is `uid`). */
  user: (userId: number) => `/user?uid=${userId}`,
  /** The page of the blogger whose `b_<PROMO>` link opened the app. */
  userByPromo: (promo: string) => `/user?promo=${encodeURIComponent(promo)}`,
  /** Search on Poizon for a text the shop's catalogue does not have (docs/product.md §14). */
  findPoizonSearch: (q: string) => `/find/poizon/search?q=${encodeURIComponent(q)}`,
  findPhoto: '/find/photo',
  profile: '/profile',
  profileDeliverySet: '/profile/delivery/set',
  /** Editing one saved address. */
  profileDeliveryEdit: (id: number) => `/profile/delivery/set/${id}`,
  profilePassport: '/profile/passport_data',
  admin: '/admin',
  adminBloggers: '/admin/bloggers',
  /** The shop's own catalogue search. */
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  findPoizon: '/find/poizon',
  /** The blogger programme's pages (docs/product.md): application, moderation, the cabinet. */
  bloggerInitial: '/blogger/initial',
  bloggerModer: '/blogger/moder',
  bloggerConclusion: '/blogger/conclusion',
  bloggerConclusionPayment: (amount: number | string) => `/blogger/conclusion/payment?amount=${amount}`,
  referral: '/referral',
  referralHistory: '/referral/history',
  bonus: '/bonus',
};
