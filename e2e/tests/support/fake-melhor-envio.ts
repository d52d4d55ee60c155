// Melhor Envio's and the carrier's side in the browser tests: the control server of the fake
// Melhor Envio that start-server.ts runs (the one `npm run fake:melhorenvio` prints), found
// through the data folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverDataDir } from './outbox.ts';

/** The file in the server's data folder that names the fake Melhor Envio's control server. */
export const E2E_FAKE_MELHOR_ENVIO_FILE = 'e2e-fake-melhor-envio.json';

/** A label as the control server lists it (GET /_fake/etiquetas). */
export interface FakeLabel {
  id: string;
  protocolo: string;
  /** The tags the shop sent: its order number. */
  pedido: string;
  servico: string;
  situacao: 'pending' | 'released' | 'generated' | 'posted' | 'delivered' | 'canceled';
  rastreio: string | null;
  /** Reais. */
  valor: number;
  destinatario: string;
}

function controlUrl(): string {
  const dataDir = serverDataDir();
  if (!dataDir) throw new Error('The label tests need the server data folder (E2E_DATA_DIR)');
  const { controlUrl: url } = JSON.parse(
    readFileSync(join(dataDir, E2E_FAKE_MELHOR_ENVIO_FILE), 'utf8'),
  ) as { controlUrl?: string };
  if (!url) throw new Error(`${E2E_FAKE_MELHOR_ENVIO_FILE} names no control server`);
  return url;
}

/** The control server's answer as JSON, refused unless it is `status`. */
async function call<T>(path: string, method: 'GET' | 'POST', status = 200): Promise<T> {
  const response = await fetch(`${controlUrl()}${path}`, {
    method,
    headers: { accept: 'application/json' },
  });
  const body = (await response.json()) as T;
  if (response.status !== status) {
    throw new Error(`The fake Melhor Envio answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

/** The wallet's balance in reais and every label bought, oldest first. */
export function melhorEnvioState(): Promise<{ saldo: number; etiquetas: FakeLabel[] }> {
  return call('/_fake/etiquetas', 'GET');
}

/** The label Melhor Envio holds for the shop's order `orderNumber` (the latest one). */
export async function melhorEnvioLabelOf(orderNumber: string): Promise<FakeLabel | undefined> {
  const { etiquetas } = await melhorEnvioState();
  return etiquetas.filter((label) => label.pedido === orderNumber).at(-1);
}

/** The wallet's balance set in Melhor Envio's panel, in reais ('150,00'). */
export async function setMelhorEnvioBalance(reais: string): Promise<void> {
  await call(`/_fake/saldo?saldo=${encodeURIComponent(reais)}`, 'POST');
}

/** A service's deadline as Melhor Envio's calculator quotes it (business days; null: its own). */
export async function setMelhorEnvioDeadline(
  serviceId: number,
  days: number | null,
): Promise<void> {
  const query = new URLSearchParams({
    servico: String(serviceId),
    dias: days === null ? '' : String(days),
  });
  await call(`/_fake/prazos?${query.toString()}`, 'POST');
}

/**
 * The carrier takes the parcel ('postar') or hands it over ('entregar'): the label moves and
 * Melhor Envio sends the shop its signed webhook; refused unless the shop answered it 200.
 */
export async function moveMelhorEnvioLabel(
  id: string,
  verb: 'postar' | 'entregar',
): Promise<string> {
  const { mensagem } = await call<{ mensagem: string }>(
    `/_fake/etiquetas/${encodeURIComponent(id)}/${verb}`,
    'POST',
  );
  if (!mensagem.includes('a loja respondeu 200')) {
    throw new Error(`The shop did not take Melhor Envio's webhook: ${mensagem}`);
  }
  return mensagem;
}
