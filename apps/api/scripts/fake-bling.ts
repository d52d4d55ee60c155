// A fake Bling to try the ERP integration on a machine with no Bling account (and no internet):
//
//   npm run bling:fake                      # prints the settings to start the shop with
//   BLING_CLIENT_ID=... npm start           # then 'Conectar ao Bling' in /admin/produtos
//
// It is the same fake the tests drive (src/integrations/bling/fake-bling-server.ts), with a small
// catalogue of its own, and two extra addresses for a person to play Bling's side:
//   GET  /_fake/estoque                          balances and the movements the shop sent
//   POST /_fake/estoque?codigo=BLING-1&saldo=3   sets a balance in "Bling" and delivers the signed
//                                                stock.updated webhook to the shop
import { createServer, type ServerResponse } from 'node:http';
import { startFakeBlingServer } from '../src/integrations/bling/fake-bling-server.ts';

const shopUrl = (process.env.APP_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const port = Number(process.env.FAKE_BLING_PORT ?? 3998);
const controlPort = Number(process.env.FAKE_BLING_CONTROL_PORT ?? 3999);

const fake = await startFakeBlingServer({
  redirectUri: `${shopUrl}/api/bling/oauth/callback`,
  port,
});
// Bling answers 3 calls a second like the real one; the demo catalogue is small.
const names = ['Argola Tragus', 'Labret Cravejado', 'Nostril Zircônia', 'Barbell Mamilo'];
fake.addProducts(8, (i) => ({
  nome: `${names[i % names.length] ?? 'Argola Tragus'} Bling ${i + 1}`,
  codigo: `BLING-${i + 1}`,
  preco: 39.9 + i * 10,
}));
for (const product of fake.products.values()) fake.setStock(product.id, 10);

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body, null, 2));
}

const control = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://fake.invalid');
  if (url.pathname !== '/_fake/estoque') return send(response, 404, { error: 'not found' });
  if (request.method === 'GET') {
    return send(response, 200, {
      saldos: [...fake.products.values()].map((p) => ({
        codigo: p.codigo,
        nome: p.nome,
        saldo: fake.stock.get(p.id) ?? 0,
      })),
      movimentos_recebidos: fake.stockMovements,
      pedidos_de_venda: fake.salesOrders.map((o) => ({ id: o.id, numeroLoja: o.numeroLoja })),
    });
  }
  if (request.method !== 'POST') return send(response, 405, { error: 'GET or POST' });
  const product = [...fake.products.values()].find(
    (p) => p.codigo === url.searchParams.get('codigo'),
  );
  const balance = Number(url.searchParams.get('saldo'));
  if (!product || !Number.isInteger(balance) || balance < 0) {
    return send(response, 422, { error: 'codigo de um produto e saldo inteiro >= 0' });
  }
  fake.setStock(product.id, balance);
  fake
    .deliverWebhook(`${shopUrl}/api/webhooks/bling`, {
      event: 'stock.updated',
      data: { produto: { id: product.id } },
    })
    .then(
      (delivered) => send(response, 200, { saldo: balance, webhook: delivered.status }),
      (error: unknown) => send(response, 502, { saldo: balance, webhook: String(error) }),
    );
});
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

console.log(`Fake Bling at ${fake.url} (8 products). Start the shop with:

  BLING_CLIENT_ID=${fake.clientId} BLING_CLIENT_SECRET=${fake.clientSecret} \\
  BLING_API_URL=${fake.apiUrl} BLING_AUTH_URL=${fake.authUrl} npm start

then 'Conectar ao Bling' and 'Sincronização completa' in ${shopUrl}/admin/produtos.
Bling's side: curl http://127.0.0.1:${controlPort}/_fake/estoque
              curl -X POST 'http://127.0.0.1:${controlPort}/_fake/estoque?codigo=BLING-1&saldo=3'
The fake keeps everything in memory: stop it with Ctrl+C.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    control.close();
    void fake.close().then(() => process.exit(0));
  });
}
