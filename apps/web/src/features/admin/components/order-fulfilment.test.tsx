import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import type { OrderFulfilmentJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { INVOICE_CANCEL_MESSAGES } from '@lumina/shared/fulfilment/invoice-cancel';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import {
  createDetail,
  createFulfilment,
  createFulfilmentStatus,
  createInvoice,
  createLabel,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

type Detail = AdminOrderDetail & { fulfilment?: OrderFulfilmentJson };

/** A paid order waiting to be shipped, with this fulfilment block. */
function paidOrder(fulfilment: OrderFulfilmentJson | undefined): Detail {
  const detail: Detail = createDetail(
    { status: 'processing', payment_status: 'approved' },
    { available_actions: ['ship', 'cancel'] },
  );
  return fulfilment ? { ...detail, fulfilment } : detail;
}

/**
 * The order page's calls: the order as `state.detail` holds it now (a POST may change it, as the
 * server would), GET /api/admin/fulfilment, and `other` for the rest.
 */
function fakeShop(
  state: { detail: Detail; status?: ReturnType<typeof createFulfilmentStatus> },
  other: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
) {
  return fakeApi((request) => {
    if (request.method === 'GET' && request.path === '/admin/orders/41') {
      return { body: state.detail };
    }
    if (request.method === 'GET' && request.path === '/admin/fulfilment') {
      return { body: state.status ?? createFulfilmentStatus() };
    }
    return other(request);
  });
}

/** The whole order refunded while its NF-e stands authorised. */
const refunded = (can_cancel: boolean) =>
  paidOrder(createFulfilment({ invoice: createInvoice({ needs_cancellation: true, can_cancel }) }));

const box = async () =>
  (await screen.findByRole('heading', { name: 'Envio e nota fiscal' })).closest('section')!;
const labelPart = async () => within(await box()).getByRole('region', { name: 'Etiqueta' });
const invoicePart = async () =>
  within(await box()).getByRole('region', { name: 'Nota fiscal (NF-e)' });
const posts = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'POST').map((request) => request.path);

/** jsdom's Blob has no text(): read it the older way. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

/** A tab the page opened; jsdom cannot open one, so this one records where it was sent. */
function fakeTab() {
  const tab = { opener: {} as unknown, closed: false, location: { href: '' }, close: vi.fn() };
  const open = vi.fn((_url?: string, _target?: string) => tab);
  vi.stubGlobal('open', open);
  return { tab, open };
}

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin order: Envio e nota fiscal', () => {
  it('shows no box when the order JSON has no fulfilment block', async () => {
    const requests = fakeShop({ detail: paidOrder(undefined) });
    renderAdmin('/admin/pedidos/41');
    expect(await screen.findByRole('heading', { name: 'Pagamento' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Envio e nota fiscal' })).toBeNull();
    expect(requests.some((request) => request.path === '/admin/fulfilment')).toBe(false);
  });

  it('buys the label of a paid order once, beside the wallet balance, and shows it bought', async () => {
    const state = { detail: paidOrder(createFulfilment()) };
    const requests = fakeShop(state, (request) => {
      if (request.method !== 'POST' || request.path !== '/admin/orders/41/label') return undefined;
      const label = createLabel();
      state.detail = paidOrder(createFulfilment({ label }));
      return { body: { label } };
    });
    renderAdmin('/admin/pedidos/41');
    const part = await labelPart();
    expect(within(part).getByText('Nenhuma etiqueta gerada.')).toBeVisible();
    expect(await within(part).findByText('Saldo no Melhor Envio: R$ 150,00')).toBeVisible();
    expect(within(part).queryByRole('button', { name: 'Imprimir etiqueta' })).toBeNull();

    const buy = within(part).getByRole('button', { name: 'Gerar etiqueta' });
    fireEvent.click(buy);
    fireEvent.click(buy);
    expect(await within(part).findByText('Pronta para imprimir')).toBeVisible();
    expect(posts(requests)).toEqual(['/admin/orders/41/label']);
    expect(within(part).getByText('AA473124829BR')).toBeVisible();
    expect(within(part).getByText('R$ 23,45')).toBeVisible();
    expect(within(part).getByText('PAC')).toBeVisible();
    expect(within(part).queryByRole('button', { name: 'Gerar etiqueta' })).toBeNull();
    expect(within(part).getByRole('button', { name: 'Imprimir etiqueta' })).toBeEnabled();
    expect(within(part).getByRole('button', { name: 'Cancelar etiqueta' })).toBeEnabled();
  });

  it('keeps "Gerar etiqueta" disabled, saying why, while Melhor Envio is not connected', async () => {
    fakeShop({
      detail: paidOrder(createFulfilment()),
      status: createFulfilmentStatus({ connected: false, via: null, balance: null }),
    });
    renderAdmin('/admin/pedidos/41');
    const part = await labelPart();
    const buy = within(part).getByRole('button', { name: 'Gerar etiqueta' });
    await waitFor(() => expect(buy).toBeDisabled());
    expect(buy).toHaveAccessibleDescription(FULFILMENT_MESSAGES.notConnected);
    expect(within(part).queryByText(/Saldo no Melhor Envio/)).toBeNull();
  });

  it('tells an operator, who cannot open the settings, to ask for the connections', async () => {
    storeLogin(
      Object.assign(createUser({ role: 'admin', name: 'Rui Operador' }), {
        staff_role: 'operator',
        permissions: ['panel', 'orders'],
      }),
    );
    fakeShop({
      detail: paidOrder(createFulfilment()),
      status: createFulfilmentStatus(
        { connected: false, via: null, balance: null },
        { available: false },
      ),
    });
    renderAdmin('/admin/pedidos/41');
    const buy = within(await labelPart()).getByRole('button', { name: 'Gerar etiqueta' });
    await waitFor(() => expect(buy).toBeDisabled());
    expect(buy).toHaveAccessibleDescription(FULFILMENT_MESSAGES.notConnectedAskOwner);
    const issue = within(await invoicePart()).getByRole('button', { name: 'Emitir NF-e' });
    expect(issue).toHaveAccessibleDescription(FULFILMENT_MESSAGES.blingNotConnectedAskOwner);
  });

  it("says why a purchase stopped, and the retry shows the API's refusal", async () => {
    const stopped = createLabel({
      state: 'carted',
      tracking_code: null,
      last_error: FULFILMENT_MESSAGES.melhorEnvioDown,
      can_cancel: false,
      can_print: false,
    });
    const requests = fakeShop(
      { detail: paidOrder(createFulfilment({ label: stopped })) },
      (request) =>
        request.method === 'POST' && request.path === '/admin/orders/41/label'
          ? {
              status: 409,
              body: {
                error: FULFILMENT_MESSAGES.insufficientBalance,
                code: 'insufficient_balance',
              },
            }
          : undefined,
    );
    renderAdmin('/admin/pedidos/41');
    const part = await labelPart();
    expect(within(part).getByText('No carrinho do Melhor Envio')).toBeVisible();
    expect(within(part).getByRole('alert')).toHaveTextContent(FULFILMENT_MESSAGES.melhorEnvioDown);

    fireEvent.click(within(part).getByRole('button', { name: 'Gerar etiqueta' }));
    await waitFor(() =>
      expect(
        within(part)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual([FULFILMENT_MESSAGES.melhorEnvioDown, FULFILMENT_MESSAGES.insufficientBalance]),
    );
    expect(posts(requests)).toEqual(['/admin/orders/41/label']);
    expect(within(part).getByRole('button', { name: 'Gerar etiqueta' })).toBeEnabled();
  });

  it('offers nothing to buy, print or cancel once the parcel was posted', async () => {
    fakeShop({
      detail: {
        ...paidOrder(undefined),
        order: { ...paidOrder(undefined).order, status: 'shipped' },
        fulfilment: createFulfilment({
          label: createLabel({ state: 'posted', can_cancel: false, can_print: false }),
        }),
      },
    });
    renderAdmin('/admin/pedidos/41');
    const part = await labelPart();
    expect(within(part).getByText('Postada')).toBeVisible();
    expect(within(part).queryAllByRole('button')).toEqual([]);
  });

  it('prints the label in a tab opened on the tap', async () => {
    const { tab, open } = fakeTab();
    const pdf = 'https://melhorenvio.example/imprimir/abc.pdf';
    const requests = fakeShop(
      { detail: paidOrder(createFulfilment({ label: createLabel() })) },
      (request) =>
        request.method === 'POST' && request.path === '/admin/labels/print'
          ? { body: { url: pdf } }
          : undefined,
    );
    renderAdmin('/admin/pedidos/41');
    fireEvent.click(within(await labelPart()).getByRole('button', { name: 'Imprimir etiqueta' }));
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(tab.location.href).toBe(pdf));
    expect(tab.opener).toBeNull();
    expect(requests.find((request) => request.path === '/admin/labels/print')?.body).toEqual({
      order_ids: [41],
    });
  });

  it('gives a link to the label when the browser blocked the tab', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const pdf = 'https://melhorenvio.example/imprimir/abc.pdf';
    fakeShop({ detail: paidOrder(createFulfilment({ label: createLabel() })) }, (request) =>
      request.path === '/admin/labels/print' ? { body: { url: pdf } } : undefined,
    );
    renderAdmin('/admin/pedidos/41');
    const part = await labelPart();
    fireEvent.click(within(part).getByRole('button', { name: 'Imprimir etiqueta' }));
    const link = await within(part).findByRole('link', { name: 'Abrir a etiqueta (PDF)' });
    expect(link).toHaveAttribute('href', pdf);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('cancels the label only after the confirmation', async () => {
    const state = { detail: paidOrder(createFulfilment({ label: createLabel() })) };
    const requests = fakeShop(state, (request) => {
      if (request.method !== 'POST' || request.path !== '/admin/orders/41/label/cancel') {
        return undefined;
      }
      const label = createLabel({ state: 'canceled', can_cancel: false, can_print: false });
      state.detail = paidOrder(createFulfilment({ label }));
      return { body: { label } };
    });
    renderAdmin('/admin/pedidos/41');
    fireEvent.click(within(await labelPart()).getByRole('button', { name: 'Cancelar etiqueta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar etiqueta' });
    expect(posts(requests)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar etiqueta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const part = await labelPart();
    expect(within(part).getByText('Cancelada')).toBeVisible();
    expect(posts(requests)).toEqual(['/admin/orders/41/label/cancel']);
    // A cancelled label leaves the order without one: it can be bought again.
    expect(within(part).getByRole('button', { name: 'Gerar etiqueta' })).toBeVisible();
  });

  it('shows the refusal of a cancellation inside its dialog', async () => {
    fakeShop({ detail: paidOrder(createFulfilment({ label: createLabel() })) }, (request) =>
      request.path === '/admin/orders/41/label/cancel'
        ? {
            status: 409,
            body: { error: FULFILMENT_MESSAGES.labelNotCancellable, code: 'not_cancellable' },
          }
        : undefined,
    );
    renderAdmin('/admin/pedidos/41');
    fireEvent.click(within(await labelPart()).getByRole('button', { name: 'Cancelar etiqueta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar etiqueta' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar etiqueta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      FULFILMENT_MESSAGES.labelNotCancellable,
    );
  });

  it('shows the NF-e with its number, its access key in blocks of 4 and its documents', async () => {
    fakeShop({ detail: paidOrder(createFulfilment({ invoice: createInvoice() })) });
    renderAdmin('/admin/pedidos/41');
    const part = await invoicePart();
    expect(within(part).getByText('Autorizada')).toBeVisible();
    expect(within(part).getByText('1234 · série 1')).toBeVisible();
    expect(
      within(part).getByText('3526 1112 3456 7800 0195 5500 1000 0012 3410 0001 2345'),
    ).toBeVisible();
    const danfe = within(part).getByRole('link', { name: 'DANFE' });
    expect(danfe).toHaveAttribute('href', 'https://bling.example/danfe/8.pdf');
    expect(danfe).toHaveAttribute('target', '_blank');
    expect(danfe).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(part).getByRole('link', { name: 'XML' })).toHaveAttribute(
      'href',
      'https://bling.example/xml/8.xml',
    );
    expect(within(part).queryByRole('button', { name: 'Emitir NF-e' })).toBeNull();
  });

  it('issues the NF-e of a paid order once', async () => {
    const state = { detail: paidOrder(createFulfilment()) };
    const requests = fakeShop(state, (request) => {
      if (request.method !== 'POST' || request.path !== '/admin/orders/41/invoice')
        return undefined;
      const invoice = createInvoice({ state: 'processing', number: null, access_key: null });
      state.detail = paidOrder(createFulfilment({ invoice }));
      return { body: { invoice } };
    });
    renderAdmin('/admin/pedidos/41');
    const part = await invoicePart();
    expect(within(part).getByText('Nenhuma NF-e emitida.')).toBeVisible();
    const issue = within(part).getByRole('button', { name: 'Emitir NF-e' });
    fireEvent.click(issue);
    fireEvent.click(issue);
    expect(await within(part).findByText('Aguardando SEFAZ')).toBeVisible();
    expect(posts(requests)).toEqual(['/admin/orders/41/invoice']);
  });

  it('shows why SEFAZ rejected the NF-e and offers to issue it again, unless Bling is off', async () => {
    fakeShop({
      detail: paidOrder(
        createFulfilment({
          invoice: createInvoice({
            state: 'rejected',
            number: null,
            access_key: null,
            danfe_url: null,
            xml_url: null,
            reason: 'Rejeição 539: CNPJ do destinatário inválido',
            can_cancel: false,
          }),
        }),
      ),
      status: createFulfilmentStatus({}, { available: false }),
    });
    renderAdmin('/admin/pedidos/41');
    const part = await invoicePart();
    expect(within(part).getByText('Rejeitada')).toBeVisible();
    expect(within(part).getByText('Rejeição 539: CNPJ do destinatário inválido')).toBeVisible();
    const issue = within(part).getByRole('button', { name: 'Emitir NF-e' });
    await waitFor(() => expect(issue).toBeDisabled());
    expect(issue).toHaveAccessibleDescription(FULFILMENT_MESSAGES.blingNotConnected);
  });

  it('asks for a justification of 15 to 255 characters before cancelling the NF-e', async () => {
    const state = { detail: paidOrder(createFulfilment({ invoice: createInvoice() })) };
    const requests = fakeShop(state, (request) => {
      if (request.method !== 'POST' || request.path !== '/admin/orders/41/invoice/cancel') {
        return undefined;
      }
      const invoice = createInvoice({ state: 'cancelled', can_cancel: false });
      state.detail = paidOrder(createFulfilment({ invoice }));
      return { body: { invoice } };
    });
    renderAdmin('/admin/pedidos/41');
    fireEvent.click(within(await invoicePart()).getByRole('button', { name: 'Cancelar NF-e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar NF-e' });
    const field = within(dialog).getByLabelText('Justificativa');
    fireEvent.change(field, { target: { value: '  curta demais  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar NF-e' }));
    expect(await within(dialog).findByText(INVOICE_CANCEL_MESSAGES.justification)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(posts(requests)).toEqual([]);

    fireEvent.change(field, { target: { value: '  Cliente desistiu antes do envio  ' } });
    expect(within(dialog).queryByText(INVOICE_CANCEL_MESSAGES.justification)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar NF-e' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      requests.find((request) => request.path === '/admin/orders/41/invoice/cancel')?.body,
    ).toEqual({
      justification: 'Cliente desistiu antes do envio',
    });
    expect(within(await invoicePart()).getByText('Cancelada')).toBeVisible();
  });

  it("shows the server's refusal of the justification under the field", async () => {
    fakeShop({ detail: paidOrder(createFulfilment({ invoice: createInvoice() })) }, (request) =>
      request.path === '/admin/orders/41/invoice/cancel'
        ? {
            status: 422,
            body: {
              error: 'Dados inválidos',
              fields: { justification: ['A justificativa não pode ter só espaços.'] },
            },
          }
        : undefined,
    );
    renderAdmin('/admin/pedidos/41');
    fireEvent.click(within(await invoicePart()).getByRole('button', { name: 'Cancelar NF-e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar NF-e' });
    fireEvent.change(within(dialog).getByLabelText('Justificativa'), {
      target: { value: 'Pedido cancelado pelo cliente' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar NF-e' }));
    expect(
      await within(dialog).findByText('A justificativa não pode ter só espaços.'),
    ).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('warns that a refunded order still has its NF-e, with the cancel button while allowed', async () => {
    fakeShop({ detail: refunded(true) });
    renderAdmin('/admin/pedidos/41');
    const part = await invoicePart();
    expect(within(part).getByRole('status')).toHaveTextContent(
      FULFILMENT_MESSAGES.needsInvoiceCancellation,
    );
    expect(within(part).getByRole('button', { name: 'Cancelar NF-e' })).toBeVisible();
  });

  it('says what to do in Bling when the shop cannot cancel the NF-e itself', async () => {
    fakeShop({ detail: refunded(false) });
    renderAdmin('/admin/pedidos/41');
    const part = await invoicePart();
    const warning = within(part).getByRole('status');
    expect(warning).toHaveTextContent(FULFILMENT_MESSAGES.needsInvoiceCancellation);
    expect(within(part).queryByRole('button', { name: 'Cancelar NF-e' })).toBeNull();
  });

  it('lists the tracking events newest first, on Brasília time', async () => {
    fakeShop({
      detail: paidOrder(
        createFulfilment({
          tracking_events: [
            {
              status: 'posted',
              description: 'Objeto postado',
              occurred_at: '2026-11-22T13:05:00.000Z',
            },
            {
              status: 'delivered',
              description: 'Objeto entregue ao destinatário',
              occurred_at: '2026-11-25T18:40:00.000Z',
            },
          ],
        }),
      ),
    });
    renderAdmin('/admin/pedidos/41');
    const tracking = within(await box()).getByRole('region', { name: 'Rastreamento' });
    const steps = within(tracking).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '25/11/2026 15:40Objeto entregue ao destinatário',
      '22/11/2026 10:05Objeto postado',
    ]);
  });

  it('fetches the packing slip with the session and opens it from memory in a new tab', async () => {
    const { tab } = fakeTab();
    const pages: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      pages.push(blob);
      return `blob:romaneio-${pages.length}`;
    });
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }),
    );
    const html = '<!doctype html><title>Romaneio LP001041</title>';
    const requests = fakeShop({ detail: paidOrder(createFulfilment()) }, (request) =>
      request.path.startsWith('/admin/orders/41/packing_slip')
        ? { body: html, type: 'text/html; charset=utf-8' }
        : undefined,
    );
    renderAdmin('/admin/pedidos/41');
    const slips = within(await box()).getByRole('region', { name: 'Romaneio' });
    fireEvent.click(within(slips).getByRole('button', { name: 'Romaneio (80 mm)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:romaneio-1'));
    const sent = requests.find((request) => request.path.includes('packing_slip'))!;
    expect(sent.path).toBe('/admin/orders/41/packing_slip?layout=thermal');
    expect(sent.headers.Authorization).toMatch(/^Bearer /);
    expect(pages[0]!.type).toBe('text/html;charset=utf-8');
    expect(await blobText(pages[0]!)).toBe(html);

    fireEvent.click(within(slips).getByRole('button', { name: 'Romaneio (A4)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:romaneio-2'));
    expect(requests.at(-1)?.path).toBe('/admin/orders/41/packing_slip?layout=a4');
  });

  it('closes the empty tab and says why when the packing slip fails', async () => {
    const { tab } = fakeTab();
    fakeShop({ detail: paidOrder(createFulfilment()) }, (request) =>
      request.path.startsWith('/admin/orders/41/packing_slip')
        ? { status: 409, body: { error: FULFILMENT_MESSAGES.notPaid, code: 'not_paid' } }
        : undefined,
    );
    renderAdmin('/admin/pedidos/41');
    const slips = within(await box()).getByRole('region', { name: 'Romaneio' });
    fireEvent.click(within(slips).getByRole('button', { name: 'Romaneio (A4)' }));
    expect(await within(slips).findByRole('alert')).toHaveTextContent(FULFILMENT_MESSAGES.notPaid);
    expect(tab.close).toHaveBeenCalled();
  });
});
