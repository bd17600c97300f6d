// POST /share/prepare (issue 27, docs/decisions/055): a product or the shopper's invite as a rich
// card the bot prepares for the signed-in shopper (savePreparedInlineMessage), answered by its id for
// the Mini App's shareMessage. The card's link is the plain share's: the bot and app named by
// BOT_USERNAME and APP_NAME, with the shopper's invite code. Without a real bot (no BOT_TOKEN) or
// when Telegram refuses, a 503/502 tells the app to share the link instead.
import {
  ApiErrorSchema,
  DEFAULT_APP_NAME,
  DEFAULT_BOT_USERNAME,
  miniAppLink,
  SharePrepareBodySchema,
  SharePrepareResponseSchema,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.ts';
import { programmeSettings } from '../../lib/programme-settings.ts';
import { AppError } from '../../plugins/errors.ts';
import { loadProductBriefs } from '../catalog/index.ts';
import { ensureReferralCode, SHARE_TEXT } from '../referral/index.ts';
import { inviteCard, productCard, publicPicture } from './share-card.ts';
import type { ShopBot } from './shop-bot.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  502: ApiErrorSchema,
  503: ApiErrorSchema,
};

export const shareRoutes: FastifyPluginAsyncZod<{ shopBot: ShopBot }> = async (app, opts) => {
  const bot = app.env.botUsername ?? DEFAULT_BOT_USERNAME;
  const appName = app.env.appName ?? DEFAULT_APP_NAME;

  app.post(
    '/share/prepare',
    {
      schema: {
        tags: ['share'],
        summary: 'A product or my invite as a card the bot prepared, for Telegram’s shareMessage',
        body: SharePrepareBodySchema,
        response: { 200: SharePrepareResponseSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const ref = await ensureReferralCode(app.db, request.userId);
      let card;
      if (body.kind === 'product') {
        const product = (await loadProductBriefs(app.db, [body.product_id])).get(body.product_id);
        if (!product) throw new AppError(404, 'not_found', 'Товар не найден');
        card = productCard(
          {
            id: product.id,
            title: product.title,
            price: product.min_price || product.price,
            inStock: product.in_stock,
            picture: publicPicture(product.image_src, app.env.publicUrl),
          },
          miniAppLink(bot, appName, { productId: product.id, ref }),
        );
      } else {
        card = inviteCard(
          SHARE_TEXT(programmeSettings().referralWelcome),
          miniAppLink(bot, appName, { ref }),
        );
      }
      // A made-up dev token is no bot: nothing to ask Telegram.
      if (!app.env.botCanSend)
        throw new AppError(503, 'service_unavailable', 'Карточку сейчас не подготовить — поделимся ссылкой');
      const [user] = await app.db
        .select({ telegramId: users.telegramId })
        .from(users)
        .where(eq(users.id, request.userId));
      if (!user) throw new AppError(401, 'unauthorized', 'Войдите заново');
      try {
        const prepared = await opts.shopBot.prepareShare(user.telegramId, card);
        return {
          result: { id: prepared.id, expires_at: new Date(prepared.expiration_date * 1000).toISOString() },
        };
      } catch (err) {
        request.log.warn({ err }, 'savePreparedInlineMessage failed');
        throw new AppError(502, 'bad_gateway', 'Telegram не подготовил карточку — поделимся ссылкой');
      }
    },
  );
};
