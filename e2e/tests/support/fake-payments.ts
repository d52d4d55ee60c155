// The payment services' side in the browser tests of the payments shop (tests/payments): the
// control servers of the fake bank (API Pix) and of the fake MercadoPago that start-server.ts
// runs beside it, the ones `npm run fake:pix-bank` and `npm run fake:mercadopago` print.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file in the payments shop's data folder that names the fakes' control servers. */
export const E2E_FAKE_PAYMENTS_FILE = 'e2e-fake-payments.json';

export interface FakePaymentsFile {
  pixBankControlUrl: string;
  mercadopagoControlUrl: string;
  /** The fake MercadoPago itself (its API and its browser SDK at /js/v2). */
  mercadopagoUrl: string;
}

/**
 * What start-server.ts wrote in the payments shop's data folder, once it has started (the
 * workers load playwright.config.ts after the servers answer; the runner, before).
 */
export function readFakePayments(dataDir: string | undefined): FakePaymentsFile | undefined {
  const file = dataDir ? join(dataDir, E2E_FAKE_PAYMENTS_FILE) : undefined;
  if (!file || !existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as FakePaymentsFile;
}

function pixBankControlUrl(): string {
  const url = process.env.E2E_FAKE_PIX_BANK_CONTROL_URL;
  if (!url) throw new Error('The payments tests need E2E_FAKE_PIX_BANK_CONTROL_URL');
  return url;
}

/** A cob as the fake bank's control server lists it. */
export interface FakeCob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  /** As the API Pix writes amounts: '12.34'. */
  valor: string;
  solicitacaoPagador: string | null;
}

/** The bank's charges; the shop names the order in the payer's message (solicitacaoPagador). */
export async function fakeBankCobs(): Promise<FakeCob[]> {
  const response = await fetch(`${pixBankControlUrl()}/_fake/cobs`);
  if (!response.ok) throw new Error(`The fake bank answered ${response.status}`);
  return (await response.json()) as FakeCob[];
}

/** The cob the shop issued for an order, found by its number in the payer's message. */
export async function fakeBankCobOf(orderNumber: string): Promise<FakeCob | undefined> {
  return (await fakeBankCobs()).find((cob) => cob.solicitacaoPagador?.includes(orderNumber));
}

/**
 * The payer pays the cob in their bank's app. The bank then posts its webhook to the address
 * the shop registered ('send'), or never does ('lost': the shop's reconciliation finds it), or
 * does twice ('duplicate'). Answers the webhook deliveries' statuses.
 */
export async function payFakeBankCob(
  txid: string,
  webhook: 'send' | 'lost' | 'duplicate' = 'send',
): Promise<number[]> {
  const query = new URLSearchParams({ txid, webhook });
  const response = await fetch(`${pixBankControlUrl()}/_fake/cobs?${query.toString()}`, {
    method: 'POST',
  });
  const body = (await response.json()) as { status?: string; webhook?: number[] | string };
  if (response.status !== 200 || body.status !== 'CONCLUIDA' || !Array.isArray(body.webhook)) {
    throw new Error(`The fake bank answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.webhook;
}
