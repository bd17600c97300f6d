// Bearer-token identity: issues and checks our JWTs (HS256) and puts the user id on the request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { users } from '../db/schema/index.ts';
import { unauthorized } from './errors.ts';

/**
 * Short on purpose (docs/product.md §16): every session start signs in again from Telegram's init
 * data, so a day loses nothing and a leaked token dies soon.
 */
export const TOKEN_TTL_S = 24 * 3600;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ISSUER = 'shop-api';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for user-scoped routes: 401 unless a valid bearer token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    issueToken: (userId: number) => Promise<string>;
    /** The user id of a valid bearer token, or undefined (no 401): for per-shopper limits on public routes. */
    optionalUserId: (request: FastifyRequest) => Promise<number | undefined>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; only read it on routes that use that hook. */
    userId: number;
  }
}

export default fp(
  async function auth(app: FastifyInstance, opts: { jwtSecret: string }) {
    const key = new TextEncoder().encode(opts.jwtSecret);

    app.decorate('issueToken', (userId: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_TTL_S}s`)
        .sign(key),
    );

    /** The user id of a valid token; throws on anything else. */
    async function verify(token: string): Promise<number> {
      // A token without exp would never die: exp (and iat) are required, not merely checked.
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: TOKEN_TTL_S + 60,
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || userId > 2_147_483_647) throw new Error('bad subject');
      return userId;
    }
    const bearer = (request: FastifyRequest) => {
      const header = request.headers.authorization;
      return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1];
    };

    app.decorate('optionalUserId', async (request: FastifyRequest) => {
      const token = bearer(request);
      return token ? verify(token).catch(() => undefined) : undefined;
    });

    app.decorateRequest('userId', 0);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearer(request);
      if (!token) throw unauthorized();
      try {
        request.userId = await verify(token);
      } catch {
        throw unauthorized('Недействительный или просроченный токен');
      }
      // A write by a user that no longer exists would break a foreign key: it is a 401 instead.
      // Reads need no look-up (they find nothing of a deleted user).
      if (!READS.has(request.method)) {
        const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, request.userId));
        if (!row) throw unauthorized('Пользователь не найден, войдите заново');
      }
    });
  },
  { name: 'auth' },
);
