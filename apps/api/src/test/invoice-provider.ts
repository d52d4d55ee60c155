import {
  type InvoiceProvider,
  type ProviderInvoice,
  ProviderError,
} from '../modules/fulfilment/ports.ts';

type Method = 'generate' | 'send' | 'get' | 'cancel' | 'find';

/** What SEFAZ makes of the next NF-e sent. */
export type SefazOutcome = 'authorised' | 'processing' | { rejected: string } | { denied: string };

export interface MemoryNfe extends ProviderInvoice {
  salesOrderId: string;
  sends: number;
  justification: string | null;
}

/**
 * Bling's NF-e as the shop's InvoiceProvider port sees it, kept in memory: generate from a sales
 * order, send (SEFAZ decides now, or later with `decide`), read, cancel, and look up a sales
 * order's NF-e (only while `findable`). Any call can fail on demand, before acting or after
 * acting with its answer lost, the way a real call over the network does.
 */
export function createMemoryInvoiceProvider() {
  const invoices = new Map<string, MemoryNfe>();
  const calls: Record<Method, number> = { generate: 0, send: 0, get: 0, cancel: 0, find: 0 };
  const failures: { method: Method; error: unknown; acts: boolean }[] = [];
  const outcomes: SefazOutcome[] = [];
  let nextId = 880_001;
  let nextNumber = 1;
  let hold: Promise<void> | null = null;
  let release: () => void = () => undefined;

  function failure(method: Method) {
    const index = failures.findIndex((entry) => entry.method === method);
    return index === -1 ? undefined : failures.splice(index, 1)[0];
  }

  function find(id: string): MemoryNfe {
    const invoice = invoices.get(id);
    if (!invoice) throw new ProviderError('refused', `NF-e ${id} não encontrada`);
    return invoice;
  }

  function decide(invoice: MemoryNfe, outcome: SefazOutcome): void {
    if (outcome === 'processing') {
      invoice.state = 'processing';
      return;
    }
    if (outcome === 'authorised') {
      const number = String(nextNumber++);
      Object.assign(invoice, {
        state: 'authorised',
        number,
        series: '1',
        accessKey: `3525011122233300018155001${number.padStart(9, '0')}1000000001`.slice(0, 44),
        danfeUrl: `https://bling.example/doc.view.php?id=${invoice.providerInvoiceId}`,
        xmlUrl: `https://bling.example/relatorios/nfe.xml.php?id=${invoice.providerInvoiceId}`,
        reason: null,
      });
      return;
    }
    if ('rejected' in outcome)
      Object.assign(invoice, { state: 'rejected', reason: outcome.rejected });
    else Object.assign(invoice, { state: 'denied', reason: outcome.denied });
  }

  /** Runs `act` unless a failure waits for `method`; a failure that `acts` loses the answer. */
  async function run<T>(method: Method, act: () => T): Promise<T> {
    const failing = failure(method);
    if (failing && !failing.acts) throw failing.error;
    const result = act();
    if (failing) throw failing.error;
    return Promise.resolve(result);
  }

  function call<T>(method: Method, act: () => T): Promise<T> {
    calls[method] += 1;
    return run(method, act);
  }

  const port: InvoiceProvider = {
    async generateFromSalesOrder(salesOrderId) {
      // Counted on arrival, so a test sees a held call before it is let through.
      calls.generate += 1;
      if (hold) await hold;
      return run('generate', () => {
        const providerInvoiceId = String(nextId++);
        invoices.set(providerInvoiceId, {
          providerInvoiceId,
          salesOrderId,
          state: 'pending',
          number: null,
          series: null,
          accessKey: null,
          danfeUrl: null,
          xmlUrl: null,
          reason: null,
          sends: 0,
          justification: null,
        });
        return { providerInvoiceId };
      });
    },
    send: (id) =>
      call('send', () => {
        const invoice = find(id);
        invoice.sends += 1;
        decide(invoice, outcomes.shift() ?? 'authorised');
      }),
    get: (id) =>
      call('get', () => {
        const { salesOrderId: _s, sends: _n, justification: _j, ...read } = find(id);
        return read;
      }),
    cancel: (id, justification) =>
      call('cancel', () => {
        const invoice = find(id);
        if (invoice.state !== 'authorised') {
          throw new ProviderError('refused', 'Só notas autorizadas podem ser canceladas');
        }
        Object.assign(invoice, { state: 'cancelled', justification });
      }),
  };

  const findable: Required<Pick<InvoiceProvider, 'findBySalesOrder'>> = {
    findBySalesOrder: (salesOrderId) =>
      call('find', () => {
        const found = [...invoices.values()].find(
          (invoice) => invoice.salesOrderId === salesOrderId && invoice.state !== 'cancelled',
        );
        return found ? { providerInvoiceId: found.providerInvoiceId } : null;
      }),
  };

  return {
    invoices,
    calls,
    /** Whether the adapter can look up a sales order's NF-e (findBySalesOrder). */
    findable: true,
    /** The port as the app's `invoiceProvider()` hands it out now. */
    get provider(): InvoiceProvider {
      return this.findable ? { ...port, ...findable } : port;
    },
    /**
     * The next call of `method` fails with `error`: before acting, or (`acts`) after acting,
     * as an answer lost on its way back.
     */
    failNext(method: Method, error: unknown, options: { acts?: boolean } = {}): void {
      failures.push({ method, error, acts: options.acts ?? false });
    },
    /** What SEFAZ makes of the next sends, in order (authorised when none is queued). */
    nextSends(...queued: SefazOutcome[]): void {
      outcomes.push(...queued);
    },
    /** SEFAZ decides an NF-e it was holding ('processing'). */
    decide(providerInvoiceId: string, outcome: SefazOutcome): void {
      decide(find(providerInvoiceId), outcome);
    },
    /** Generate calls wait until `release()`; counted as soon as they arrive. */
    holdGenerate(): () => void {
      hold = new Promise<void>((resolve) => {
        release = () => {
          hold = null;
          resolve();
        };
      });
      return () => release();
    },
    reset(): void {
      invoices.clear();
      failures.length = 0;
      outcomes.length = 0;
      for (const method of Object.keys(calls) as Method[]) calls[method] = 0;
      this.findable = true;
      release();
    },
  };
}

export type MemoryInvoiceProvider = ReturnType<typeof createMemoryInvoiceProvider>;
