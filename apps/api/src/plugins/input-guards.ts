// Input no route should ever see (docs/product.md §16): a NUL byte anywhere in the URL or in a
// JSON body is a 400 before validation. PostgreSQL cannot store NUL in text, so without this a
// NUL in a search string, a filter or an address field reached the database and answered 500.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors.ts';

const NUL_MESSAGE = 'Недопустимый символ в запросе';

/** JSON bodies of this API are a few levels deep; deeper nesting is refused, not walked. */
const MAX_DEPTH = 32;

/**
 * The dotted path of the first string (or key) holding a NUL byte, `'depth'` when the value nests
 * deeper than MAX_DEPTH, or undefined. Iterative: a hostile 5 000-level body cannot overflow the stack.
 */
export function findNul(value: unknown): string | undefined {
  const stack: [unknown, string, number][] = [[value, 'body', 0]];
  while (stack.length > 0) {
    const [item, path, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= MAX_DEPTH) return 'depth';
    for (const [key, child] of Object.entries(item as Record<string, unknown>)) {
      if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '')}`;
      stack.push([child, `${path}.${key}`, depth + 1]);
    }
  }
  return undefined;
}

export default fp(
  async function inputGuards(app: FastifyInstance) {
    // Callback hooks, not async ones: every request passes here, and an async hook costs it a
    // promise and a microtask each (decision 088).
    app.addHook('onRequest', (request, _reply, done) => {
      done(/%00/i.test(request.raw.url ?? '') ? badRequest(NUL_MESSAGE, 'query') : undefined);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const field = request.body === undefined ? undefined : findNul(request.body);
      if (field === 'depth') done(badRequest('Слишком глубокая вложенность в теле запроса', 'body'));
      else if (field) done(badRequest(`${field}: ${NUL_MESSAGE}`, field));
      else done();
    });
  },
  { name: 'input-guards', dependencies: ['errors'] },
);
