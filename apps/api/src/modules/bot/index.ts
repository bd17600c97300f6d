// The bot module's public face: other modules import only from here (eslint: shop/api-modules).
export { botRoutes } from './bot.routes.ts';
export { default as botPlugin, type BotPluginOptions } from './bot.plugin.ts';
