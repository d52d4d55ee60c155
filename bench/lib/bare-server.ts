// Child-process entry: a bare Fastify 5 server that answers fixed bytes, the baseline the catalogue
// routes are compared with. No plugins, no logger, no validation: the ceiling for this machine.
// Input (env): BARE_PORT, BARE_ROUTES = JSON [{ path, file, contentType }].
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

interface BareRoute {
  path: string;
  file: string;
  contentType: string;
}

const port = Number(process.env.BARE_PORT);
const routes = JSON.parse(process.env.BARE_ROUTES ?? '[]') as BareRoute[];

const app = Fastify({ logger: false });
for (const route of routes) {
  const body = readFileSync(route.file);
  app.get(route.path, (_request, reply) =>
    reply.header('content-type', route.contentType).send(body),
  );
}
await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
