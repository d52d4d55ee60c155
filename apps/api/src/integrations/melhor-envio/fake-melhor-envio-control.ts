import type { IncomingMessage, ServerResponse } from 'node:http';
import { FAKE_MELHOR_ENVIO_SERVICES, fakeServiceOf } from './fake-melhor-envio-calculate.ts';
import {
  type FakeMelhorEnvioLabel,
  type FakeMelhorEnvioServer,
  fakeBalanceFromText,
} from './fake-melhor-envio-server.ts';

/**
 * The page where a person plays Melhor Envio's and the carrier's side of `npm run
 * fake:melhor-envio`: the labels the shop bought, 'Postar' and 'Entregar' (each posts the signed
 * webhook to the shop), the wallet's balance and each service's deadline in the quotes (to see
 * the label's service choice keep, or not, the deadline the shopper was promised). The same
 * actions answer JSON to curl.
 */

const STATUS_NAMES: Record<FakeMelhorEnvioLabel['status'], string> = {
  pending: 'No carrinho',
  released: 'Paga',
  generated: 'Gerada',
  posted: 'Postada',
  delivered: 'Entregue',
  canceled: 'Cancelada',
};

/** 'PAC' for the Correios' services, the carrier before the others' ('Jadlog .Package'). */
const serviceName = (id: number) => {
  const service = fakeServiceOf(id);
  if (!service) return String(id);
  return service.company.id === 1 ? service.name : `${service.company.name} ${service.name}`;
};

const brl = (cents: number) =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

function labelSummary(label: FakeMelhorEnvioLabel) {
  const to = label.body.to as Record<string, unknown> | undefined;
  return {
    id: label.id,
    protocolo: label.protocol,
    pedido: label.tags.map((tag) => tag.tag).join(', '),
    servico: serviceName(label.serviceId),
    situacao: label.status,
    rastreio: label.trackingCode,
    valor: label.priceCents / 100,
    destinatario: typeof to?.name === 'string' ? to.name : '',
  };
}

function action(label: FakeMelhorEnvioLabel): string {
  const button = (verb: string, text: string) =>
    `<form method="post" action="/_fake/etiquetas/${encodeURIComponent(label.id)}/${verb}">` +
    `<button type="submit">${text}</button></form>`;
  if (label.status === 'generated') return button('postar', 'Postar');
  if (label.status === 'posted') return button('entregar', 'Entregar');
  return '';
}

/** Each service with the deadline its quotes give now. */
function deadlines(fake: FakeMelhorEnvioServer) {
  return FAKE_MELHOR_ENVIO_SERVICES.map((service) => ({
    servico: service.id,
    nome: serviceName(service.id),
    dias: fake.behaviour.deliveryDays[service.id] ?? service.deliveryDays,
    agencia: service.needsAgency,
  }));
}

function deadlineForm(fake: FakeMelhorEnvioServer): string {
  const options = deadlines(fake)
    .map(
      (row) =>
        `<option value="${row.servico}">${escapeHtml(row.nome)} (${row.dias} dias úteis${row.agencia ? ', exige agência' : ''})</option>`,
    )
    .join('');
  return `<form method="post" action="/_fake/prazos"><label>Serviço: <select name="servico">${options}</select></label>
<label>Prazo: <input name="dias" inputmode="numeric" size="3"> dias úteis</label>
<button type="submit">Definir prazo</button></form>`;
}

function page(fake: FakeMelhorEnvioServer, shopUrl: string, notice: string | null): string {
  const rows = [...fake.labels.values()]
    .map((label) => {
      const summary = labelSummary(label);
      return `<tr><td>${escapeHtml(summary.protocolo)}</td><td>${escapeHtml(summary.pedido)}</td>
<td>${escapeHtml(summary.servico)}</td><td>${escapeHtml(STATUS_NAMES[label.status])}</td>
<td>${escapeHtml(summary.rastreio ?? '—')}</td><td>${escapeHtml(summary.destinatario)}</td>
<td>${escapeHtml(brl(label.priceCents))}</td><td>${action(label)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Melhor Envio (fake)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:72rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
form{display:inline}.aviso{background:#eef6ff;padding:.6rem;border-radius:.3rem}</style></head>
<body><h1>Melhor Envio (fake)</h1>
${notice ? `<p class="aviso" role="status">${escapeHtml(notice)}</p>` : ''}
<h2>Carteira</h2>
<form method="post" action="/_fake/saldo"><label>Saldo: <input name="saldo" inputmode="decimal"
value="${escapeHtml((fake.behaviour.balanceCents / 100).toFixed(2).replace('.', ','))}"></label>
<button type="submit">Definir saldo</button></form>
<h2>Prazos das cotações</h2>
<p>O prazo que o cálculo de frete responde para cada serviço (vazio volta ao de sempre).</p>
${deadlineForm(fake)}
<h2>Etiquetas</h2>
<p>Você faz o papel da transportadora: 'Postar' e 'Entregar' avisam a loja
(${escapeHtml(shopUrl)}/api/webhooks/melhorenvio) com o webhook assinado.</p>
<table><thead><tr><th>Protocolo</th><th>Pedido</th><th>Serviço</th><th>Situação</th><th>Rastreio</th>
<th>Destinatário</th><th>Valor</th><th></th></tr></thead>
<tbody>${rows || '<tr><td colspan="8">Nenhuma etiqueta ainda: gere uma no painel da loja.</td></tr>'}</tbody></table>
</body></html>`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** An answer for a browser (back to the page, with a notice) or for curl (JSON). */
function reply(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: { mensagem: string } & Record<string, unknown>,
): void {
  if (String(request.headers.accept).includes('text/html')) {
    response.writeHead(303, { location: `/?aviso=${encodeURIComponent(body.mensagem)}` });
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body, null, 2));
}

async function move(
  fake: FakeMelhorEnvioServer,
  label: FakeMelhorEnvioLabel,
  verb: 'postar' | 'entregar',
): Promise<{ status: number; mensagem: string }> {
  const done = verb === 'postar' ? 'postada' : 'entregue';
  const before = label.status;
  try {
    const delivery = await (verb === 'postar' ? fake.post(label.id) : fake.deliver(label.id));
    return {
      status: 200,
      mensagem: delivery
        ? `Etiqueta ${label.protocol} ${done}; a loja respondeu ${delivery.status} ao webhook.`
        : `Etiqueta ${label.protocol} ${done}; nenhum webhook configurado.`,
    };
  } catch (error) {
    // The label moved all the same: the shop can still learn it by asking for the tracking.
    const unmoved = label.status === before;
    return {
      status: unmoved ? 409 : 502,
      mensagem: unmoved
        ? `A etiqueta ${label.protocol} está "${STATUS_NAMES[before]}" e não pode ser ${done}.`
        : `Etiqueta ${label.protocol} ${done}, mas a loja não recebeu o webhook em ${fake.webhookUrl ?? ''} (ela está rodando, com APP_URL igual a este?): ${String(error)}`,
    };
  }
}

export function melhorEnvioControl(fake: FakeMelhorEnvioServer, shopUrl: string) {
  async function handle(request: IncomingMessage, url: URL, response: ServerResponse) {
    const method = request.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page(fake, shopUrl, url.searchParams.get('aviso')));
      return;
    }
    if (method === 'GET' && url.pathname === '/_fake/etiquetas') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(
        JSON.stringify(
          {
            saldo: fake.behaviour.balanceCents / 100,
            etiquetas: [...fake.labels.values()].map(labelSummary),
          },
          null,
          2,
        ),
      );
      return;
    }
    if (method === 'POST' && url.pathname === '/_fake/saldo') {
      const form = new URLSearchParams(await readBody(request));
      const cents = fakeBalanceFromText(form.get('saldo') ?? url.searchParams.get('saldo') ?? '');
      if (cents === undefined) {
        return reply(request, response, 422, { mensagem: 'Saldo em reais, como 150,00.' });
      }
      fake.behaviour.balanceCents = cents;
      return reply(request, response, 200, { mensagem: `Saldo definido: ${brl(cents)}.` });
    }
    if (method === 'GET' && url.pathname === '/_fake/prazos') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ prazos: deadlines(fake) }, null, 2));
      return;
    }
    if (method === 'POST' && url.pathname === '/_fake/prazos') {
      const form = new URLSearchParams(await readBody(request));
      const field = (name: string) => form.get(name) ?? url.searchParams.get(name) ?? '';
      const service = fakeServiceOf(Number(field('servico')));
      const days = field('dias').trim();
      if (!service || (days !== '' && !/^\d{1,3}$/.test(days))) {
        return reply(request, response, 422, {
          mensagem: 'Escolha um serviço e um prazo em dias úteis, como 5.',
        });
      }
      if (days === '') delete fake.behaviour.deliveryDays[service.id];
      else fake.behaviour.deliveryDays[service.id] = Number(days);
      const now = fake.behaviour.deliveryDays[service.id] ?? service.deliveryDays;
      return reply(request, response, 200, {
        mensagem: `${serviceName(service.id)}: prazo de ${now} dias úteis nas cotações.`,
      });
    }
    const moving = /^\/_fake\/etiquetas\/([^/]+)\/(postar|entregar)$/.exec(url.pathname);
    if (method === 'POST' && moving) {
      const label = fake.labels.get(decodeURIComponent(moving[1] ?? ''));
      if (!label) return reply(request, response, 404, { mensagem: 'Etiqueta não encontrada.' });
      const { status, mensagem } = await move(fake, label, moving[2] as 'postar' | 'entregar');
      return reply(request, response, status, { mensagem });
    }
    response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ mensagem: 'Página não encontrada.' }));
  }

  return (request: IncomingMessage, url: URL, response: ServerResponse): void => {
    handle(request, url, response).catch((error: unknown) => {
      if (response.headersSent) return;
      response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ mensagem: String(error) }));
    });
  };
}
