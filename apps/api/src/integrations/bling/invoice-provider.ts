import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import {
  type InvoiceProvider,
  ProviderError,
  type ProviderInvoice,
} from '../../modules/fulfilment/ports.ts';
import {
  BlingAuthError,
  type BlingClient,
  BlingRequestError,
  BlingShapeError,
  BlingUnavailableError,
} from './bling-client.ts';
import type { BlingNfe } from './bling-schemas.ts';

const BLING_AUTH_REFUSED =
  'O Bling recusou o acesso da loja. Conecte o Bling de novo no painel, em Produtos.';

/** Bling's situacao of an NF-e (its reference's list) as the shop's states. */
const STATES: Record<number, ProviderInvoice['state']> = {
  1: 'pending',
  2: 'cancelled',
  3: 'processing', // Aguardando recibo
  4: 'rejected',
  5: 'authorised',
  6: 'authorised', // Emitida DANFE
  7: 'authorised', // Registrada
  8: 'processing', // Aguardando protocolo
  9: 'denied',
  10: 'processing', // Consulta situação
  11: 'rejected', // Bloqueada: SEFAZ will not take it as it is
};

/** A situacao Bling adds later is still on its way, not a failure: read it again later. */
export function invoiceStateOf(situacao: number): ProviderInvoice['state'] {
  return STATES[situacao] ?? 'processing';
}

/** An XML link, not the XML itself, should Bling ever answer the document in that field. */
function link(value: string | null): string | null {
  return value && /^https?:\/\//i.test(value) ? value : null;
}

export function toProviderInvoice(nfe: BlingNfe): ProviderInvoice {
  const key = nfe.chaveAcesso?.replace(/\D/g, '') ?? '';
  return {
    providerInvoiceId: String(nfe.id),
    state: invoiceStateOf(nfe.situacao),
    number: nfe.numero,
    series: nfe.serie,
    accessKey: key.length === 44 ? key : null,
    danfeUrl: link(nfe.linkDanfe) ?? link(nfe.linkPDF),
    xmlUrl: link(nfe.xml),
    // GET /nfe/{id} documents no reason: a rejection's words come with the refused send.
    reason: null,
  };
}

/** Bling's failures in the port's terms; anything else is a bug of ours and goes up as it is. */
function providerError(error: unknown): unknown {
  if (error instanceof ProviderError) return error;
  if (error instanceof BlingUnavailableError) {
    return new ProviderError('unavailable', FULFILMENT_MESSAGES.blingDown, {
      cause: error,
      answered: error.answered,
    });
  }
  if (error instanceof BlingAuthError) {
    return new ProviderError('auth', BLING_AUTH_REFUSED, { cause: error });
  }
  if (error instanceof BlingRequestError) {
    // Bling's own words say what is missing (the shop's fiscal setup, SEFAZ's rejection).
    return new ProviderError('refused', error.detail || error.message, { cause: error });
  }
  if (error instanceof BlingShapeError) {
    return new ProviderError('shape', error.message, { cause: error });
  }
  return error;
}

async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerError(error);
  }
}

/**
 * NF-e through Bling: generated from the sales order the ERP module already sent, sent to SEFAZ,
 * read back. `client` answers the current Bling client (the connection may change while the
 * app runs).
 */
export function createBlingInvoiceProvider(client: () => BlingClient): InvoiceProvider {
  return {
    generateFromSalesOrder: (salesOrderId) =>
      translated(async () => {
        try {
          const id = await client().generateNfeFromSalesOrder(salesOrderId);
          return { providerInvoiceId: String(id) };
        } catch (error) {
          // A repeat after a lost answer: should Bling refuse a second NF-e for the order, the
          // first one is the answer.
          if (!(error instanceof BlingRequestError) || error.status !== 400) throw error;
          const existing = await client().salesOrderInvoiceId(salesOrderId);
          if (existing === null) throw error;
          return { providerInvoiceId: String(existing) };
        }
      }),
    findBySalesOrder: (salesOrderId) =>
      translated(async () => {
        const id = await client().salesOrderInvoiceId(salesOrderId);
        return id === null ? null : { providerInvoiceId: String(id) };
      }),
    send: (providerInvoiceId) => translated(() => client().sendNfe(providerInvoiceId)),
    get: (providerInvoiceId) =>
      translated(async () => toProviderInvoice(await client().getNfe(providerInvoiceId))),
  };
}
