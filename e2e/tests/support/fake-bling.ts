// Bling's side of the stock in the browser tests: the control server of the fake Bling that
// start-server.ts runs (the one `npm run fake:bling` prints), found through the data folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverDataDir } from './outbox.ts';

/** The file in the server's data folder that names the fake Bling's control server. */
export const E2E_FAKE_BLING_FILE = 'e2e-fake-bling.json';

interface Balance {
  codigo: string;
  saldo?: number;
  variacoes?: { codigo: string; saldo: number }[];
}

function controlUrl(): string {
  const dataDir = serverDataDir();
  if (!dataDir) throw new Error('The Bling test needs the server data folder (E2E_DATA_DIR)');
  const { controlUrl: url } = JSON.parse(
    readFileSync(join(dataDir, E2E_FAKE_BLING_FILE), 'utf8'),
  ) as { controlUrl?: string };
  if (!url) throw new Error(`${E2E_FAKE_BLING_FILE} names no control server`);
  return url;
}

/** Bling's balance of a simple product or of a variation, by its code. */
export async function blingBalance(codigo: string): Promise<number | undefined> {
  const response = await fetch(`${controlUrl()}/_fake/estoque`);
  const { saldos } = (await response.json()) as { saldos: Balance[] };
  for (const product of saldos) {
    if (product.codigo === codigo) return product.saldo;
    const variation = product.variacoes?.find((v) => v.codigo === codigo);
    if (variation) return variation.saldo;
  }
  return undefined;
}

/** A balance changed in Bling's own screen: Bling then sends the shop its signed webhook. */
export async function setBlingBalance(codigo: string, saldo: number): Promise<void> {
  const query = new URLSearchParams({ codigo, saldo: String(saldo) });
  const response = await fetch(`${controlUrl()}/_fake/estoque?${query.toString()}`, {
    method: 'POST',
  });
  const body = (await response.json()) as { webhook?: number | string };
  if (response.status !== 200 || body.webhook !== 200) {
    throw new Error(`The fake Bling answered ${response.status}: ${JSON.stringify(body)}`);
  }
}

/** The shop's order numbers (numeroLoja) of the sales orders Bling has received. */
export async function blingSalesOrderNumbers(): Promise<string[]> {
  const response = await fetch(`${controlUrl()}/_fake/estoque`);
  const { pedidos_de_venda: orders } = (await response.json()) as {
    pedidos_de_venda: { id: number; numeroLoja: string | null }[];
  };
  return orders.flatMap((order) => (order.numeroLoja ? [order.numeroLoja] : []));
}
