// Every cache key the app shares across features, named after the spec's calls. A feature reads
// and invalidates another feature's data through these, never through a literal.
export const queryKeys = {
  /** The console's dashboard: everything under it, its figures and best sellers of a range, the work waiting. */
  adminStats: ['admin', 'stats'] as const,
  adminStatsOf: (part: 'sales' | 'top', range: { from: string; to: string }) =>
    ['admin', 'stats', part, range] as const,
  adminStatsWaiting: ['admin', 'stats', 'waiting'] as const,
  /** The console's customers: a search's pages, one customer's card. */
  adminCustomers: (q: string) => ['admin', 'customers', 'list', q] as const,
  adminCustomer: (id: number) => ['admin', 'customers', 'one', id] as const,
  /** Every console orders query (lists and cards). */
  adminOrders: ['admin', 'orders'] as const,
  adminProducts: ['admin', 'products'] as const,
  adminPurchaseList: ['admin', 'purchase-list'] as const,
  /** The console's inventory: everything, or one filter's pages. */
  adminInventory: ['admin', 'inventory'] as const,
  adminInventoryOf: (f: { low: boolean; q: string }) => ['admin', 'inventory', f] as const,
  adminCategories: ['admin', 'categories'] as const,
  /** GET /admin/brands?q=: the product form's brand picker, one typed text each. */
  adminBrands: (q: string) => ['admin', 'brands', q] as const,
  /** GET /admin/products?q= for a manual order's lines, and GET /admin/products/{id} (its variants). */
  adminOrderProducts: (q: string) => ['admin', 'products', 'pick', q] as const,
  adminOrderProduct: (id: number) => ['admin', 'products', 'pick-one', id] as const,
  /** GET /cart */
  carts: ['carts'] as const,
  /** GET /cart/length */
  cartsLength: ['cartsLength'] as const,
  /** GET /order… (every list and every single order) */
  orders: ['orders'] as const,
  /** GET /payment/status?transaction_guid=: polled by the payment-await page. */
  paymentStatus: (transactionGuid: string) => ['payment-status', transactionGuid] as const,
  /** GET /order/{id}/messages: the order's question thread. */
  orderMessages: (orderId: number) => ['orders', 'messages', orderId] as const,
  /** GET /admin/orders?…: one filter's pages of the console's order list. */
  adminOrderList: (filter: object, pageSize: number) =>
    ['admin', 'orders', 'list', filter, pageSize] as const,
  /** GET /admin/orders/{id}: the console's order card. */
  adminOrder: (orderId: number) => ['admin', 'orders', 'one', orderId] as const,
  /**
   * GET /admin/orders/{id}/passport?reveal=: outside adminOrders, so an order write does not read
   * (and audit) a reveal again.
   */
  adminPassport: (orderId: number, reveal: boolean) => ['admin', 'passport', orderId, reveal] as const,
  /** GET /admin/me: who the console's user is; and their own alert settings. */
  adminMe: ['admin', 'me'] as const,
  adminMeAlerts: ['admin', 'me', 'alerts'] as const,
  /** GET /admin/staff */
  adminStaff: ['admin', 'staff'] as const,
  /** GET /admin/audit */
  adminAudit: ['admin', 'audit'] as const,
  adminAuditOf: (filter: object) => ['admin', 'audit', 'list', filter] as const,
  adminAuditActors: ['admin', 'audit', 'actors'] as const,
  /** GET /admin/badges: under adminOrders, so every order write refreshes the «Заказы» counter. */
  adminBadges: ['admin', 'orders', 'badges'] as const,
  /** GET /admin/order-views: the staff member's saved filters of the orders list. */
  adminOrderViews: ['admin', 'order-views'] as const,
  /** GET /admin/catalog/import/{id}: an import job polled until it ends. */
  adminImportJob: (jobId: number | null) => ['admin', 'import-jobs', jobId] as const,
  /** GET /admin/products?q=&hidden= and GET /admin/products/{id} (both under adminProducts). */
  adminProductSearch: (search: string, hiddenOnly: boolean) =>
    ['admin', 'products', 'search', search, hiddenOnly] as const,
  adminProductMeta: (productId: number | null) => ['admin', 'products', 'meta', productId] as const,
  /** GET /admin/find-requests?status=: every status list, or one (statuses joined by commas). */
  adminFindRequests: ['admin', 'find-requests'] as const,
  adminFindRequestsOf: (statuses: string) => ['admin', 'find-requests', statuses] as const,
  /** GET /admin/settings/find */
  adminFindSettings: ['admin', 'settings', 'find'] as const,
  /** GET /admin/bloggers?status= and /admin/payouts?status=: every status, or one. */
  adminBloggers: ['admin', 'bloggers'] as const,
  adminBloggersOf: (status: string) => ['admin', 'bloggers', status] as const,
  adminPayouts: ['admin', 'payouts'] as const,
  adminPayoutsOf: (status: string) => ['admin', 'payouts', status] as const,
  /** GET /admin/orders/{id}/messages: the order's question thread in the console. */
  adminOrderThread: (orderId: number) => ['admin', 'orders', 'messages', orderId] as const,
  /** GET /product/{id}; without an id, every product. */
  product: (id?: number | null) => (id === undefined ? (['product'] as const) : (['product', id] as const)),
  /** GET /product/{id}/subscriptions: the sold-out sizes this shopper waits for. */
  restockWaiting: (productId: number) => ['product', productId, 'restock'] as const,
  /** GET /favorites… */
  favorites: ['favorites'] as const,
  /** GET /delivery */
  delivery: ['delivery'] as const,
  /** GET /delivery/cities?q= */
  deliveryCities: (q: string) => ['delivery-cities', q] as const,
  /** GET /delivery/points?city_code=&lat=&lon= */
  deliveryPoints: (cityCode: number, position: { lat: number; lon: number } | null) =>
    ['delivery-points', cityCode, position] as const,
  /** POST /delivery/quote (a read: the same body answers the same quote) */
  deliveryQuote: (body: object) => ['delivery-quote', body] as const,
  /** GET /passport?reveal=1 */
  passport: ['passport', 'reveal'] as const,
  /** GET /category (the catalogue's tree). */
  categories: ['categories'] as const,
  /** GET /v2/product/filters for a listing's parameters. */
  productFilters: (params: object) => ['product-filters', params] as const,
  /** GET /v2/product: a listing's pages, and a short row's first page. */
  products: (params: object) => ['products', params] as const,
  /** Every listing's pages and every short row (what a catalogue edit makes stale). */
  productLists: ['products'] as const,
  productRow: (params: object) => ['products', 'row', params] as const,
  /** GET /product/{id}/similar */
  similar: (id: number | string | null) => ['similar', id] as const,
  /** GET /search/suggest?prefix= */
  searchSuggest: (prefix: string) => ['search-suggest', prefix] as const,
  /** GET /profile */
  profile: ['profile'] as const,
  /** GET /find/poizon/item/{spuId} and /find/poizon/search?q= */
  poizonItem: (spuId: number | string) => ['find', 'poizon-item', spuId] as const,
  poizonSearch: (q: string) => ['find', 'poizon-search', q] as const,
  /** GET /users/by-promo/{promo} */
  userByPromo: (promo: string | null) => ['users', 'by-promo', promo] as const,
  /** POST /checkout/quote (a read: the same request answers the same quote) */
  checkoutQuote: (request: object) => ['checkout-quote', request] as const,
};
