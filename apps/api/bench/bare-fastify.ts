// A bare Fastify 5 for bench/throughput.ts: one route, no plugins, no hooks, no logger — what the
// framework itself answers on this machine, the floor the shop's /healthz is compared with.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 18791), host: '127.0.0.1' });
