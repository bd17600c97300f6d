// Bearer-token identity: issues and checks our JWTs (HS256) and puts the user id on the request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { unauthorized } from './errors.ts';

const TOKEN_TTL = '30d';
const ISSUER = 'shop-api';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for user-scoped routes: 401 unless a valid bearer token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    issueToken: (userId: number) => Promise<string>;
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
        .setExpirationTime(TOKEN_TTL)
        .sign(key),
    );

    app.decorateRequest('userId', 0);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized();
      try {
        const { payload } = await jwtVerify(match[1], key, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error('bad subject');
        request.userId = userId;
      } catch {
        throw unauthorized('Недействительный или просроченный токен');
      }
    });
  },
  { name: 'auth' },
);
