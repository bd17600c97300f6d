// The stock-watch module's public face (docs/decisions/054): «Сообщить о поступлении», and the
// job that turns stock events into bot messages (restock, price drop, the staff's zero alert).
export { stockWatchRoutes } from './stock-watch.routes.ts';
export { stockEventsPass } from './stock-events.ts';
