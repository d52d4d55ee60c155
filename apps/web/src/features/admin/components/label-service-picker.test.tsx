import type { AdminOrderDetail } from '@lumina/shared/admin/admin-orders';
import type {
  LabelOptionsJson,
  OrderFulfilmentJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { LABEL_CHOICE_MESSAGES } from '@lumina/shared/fulfilment/fulfilment-texts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import {
  createDetail,
  createFulfilment,
  createFulfilmentStatus,
  createLabel,
  renderAdmin,
  storeLogin,
} from '../testing/admin-fixtures.tsx';

type Detail = AdminOrderDetail & { fulfilment?: OrderFulfilmentJson };

const paidOrder = (fulfilment: OrderFulfilmentJson): Detail => ({
  ...createDetail(
    { status: 'processing', payment_status: 'approved' },
    { available_actions: ['ship', 'cancel'] },
  ),
  fulfilment,
});

const OPTIONS: LabelOptionsJson = {
  promised_days: 5,
  chosen_service_id: 1,
  options: [
    {
      service_id: 17,
      company: 'Correios',
      name: 'Mini Envios',
      price_cents: 1520,
      delivery_days: 5,
      chosen: false,
    },
    {
      service_id: 3,
      company: 'Jadlog',
      name: '.Package',
      price_cents: 1980,
      delivery_days: 4,
      chosen: false,
    },
    {
      service_id: 1,
      company: 'Correios',
      name: 'PAC',
      price_cents: 2635,
      delivery_days: 6,
      chosen: true,
    },
  ],
};

/** The order page's calls; `options` answers GET .../label/options, `other` the rest. */
function fakeShop(
  state: { detail: Detail },
  options: () => FakeAnswer,
  other: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
) {
  return fakeApi((request) => {
    if (request.method === 'GET' && request.path === '/admin/orders/41') {
      return { body: state.detail };
    }
    if (request.method === 'GET' && request.path === '/admin/fulfilment') {
      return { body: createFulfilmentStatus() };
    }
    if (request.method === 'GET' && request.path === '/admin/orders/41/label/options') {
      return options();
    }
    return other(request);
  });
}

const labelPart = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Envio e nota fiscal' })).closest('section')!,
  ).getByRole('region', { name: 'Etiqueta' });
const asked = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === '/admin/orders/41/label/options').length;

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("admin order: the label's service", () => {
  it("buys with the shopper's service, and asks Melhor Envio nothing, unless the owner opens the choice", async () => {
    const state = { detail: paidOrder(createFulfilment()) };
    const requests = fakeShop(
      state,
      () => ({ body: OPTIONS }),
      (request) => {
        if (request.method !== 'POST') return undefined;
        const label = createLabel();
        state.detail = paidOrder(createFulfilment({ label }));
        return { body: { label } };
      },
    );
    renderAdmin('/admin/pedidos/41');
    const part = await labelPart();
    expect(
      await within(part).findByText('PAC (escolhido pelo cliente)', { exact: false }),
    ).toBeVisible();
    fireEvent.click(within(part).getByRole('button', { name: 'Gerar etiqueta' }));
    expect(await within(part).findByText('Pronta para imprimir')).toBeVisible();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toBeUndefined();
    expect(asked(requests)).toBe(0);
  });

  it("lists the services within the promise, the shopper's preselected, and buys the one picked", async () => {
    const state = { detail: paidOrder(createFulfilment()) };
    const requests = fakeShop(
      state,
      () => ({ body: OPTIONS }),
      (request) => {
        if (request.method !== 'POST') return undefined;
        const label = createLabel({ service: 'Mini Envios', service_id: 17 });
        state.detail = paidOrder(createFulfilment({ label }));
        return { body: { label } };
      },
    );
    renderAdmin('/admin/pedidos/41');
    const part = await labelPart();
    const toggle = await within(part).findByRole('button', { name: 'Trocar serviço' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const group = await within(part).findByRole('group', { name: 'Serviços disponíveis' });
    expect(
      within(group).getByText('prazo prometido ao cliente', { exact: false }),
    ).toHaveTextContent('até 5 dias úteis');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Correios Mini EnviosR$ 15,20 · até 5 dias úteis',
      'Jadlog .PackageR$ 19,80 · até 4 dias úteis',
      'Correios PAC (escolhido pelo cliente)R$ 26,35 · até 6 dias úteis',
    ]);
    expect(within(group).getByRole('radio', { name: /Correios PAC/ })).toBeChecked();

    fireEvent.click(within(group).getByRole('radio', { name: /Mini Envios/ }));
    expect(within(part).getByText('Serviço da etiqueta:', { exact: false })).toHaveTextContent(
      'Serviço da etiqueta: Correios Mini Envios',
    );
    fireEvent.click(within(part).getByRole('button', { name: 'Gerar etiqueta' }));
    expect(await within(part).findByText('Pronta para imprimir')).toBeVisible();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/admin/orders/41/label');
    expect(post?.body).toEqual({ service_id: 17 });
    expect(within(part).queryByRole('button', { name: 'Trocar serviço' })).toBeNull();
  });

  it('says so in pt-BR when the services cannot be fetched, and tries again', async () => {
    let answer: FakeAnswer = {
      status: 503,
      body: { message: 'O Melhor Envio não respondeu. Tente de novo em alguns minutos.' },
    };
    const requests = fakeShop({ detail: paidOrder(createFulfilment()) }, () => answer);
    renderAdmin('/admin/pedidos/41');
    const part = await labelPart();
    fireEvent.click(await within(part).findByRole('button', { name: 'Trocar serviço' }));
    expect(await within(part).findByText('Não foi possível buscar os serviços.')).toBeVisible();
    expect(
      within(part).getByText('O Melhor Envio não respondeu. Tente de novo em alguns minutos.'),
    ).toBeVisible();

    answer = { body: OPTIONS };
    fireEvent.click(within(part).getByRole('button', { name: 'Tentar de novo' }));
    expect(await within(part).findByRole('radio', { name: /Jadlog/ })).toBeVisible();
    expect(asked(requests)).toBe(2);
  });

  it('shows the refusal of a service that went late, and the list as it is now', async () => {
    let current = OPTIONS;
    const requests = fakeShop(
      { detail: paidOrder(createFulfilment()) },
      () => ({ body: current }),
      (request) => {
        if (request.method !== 'POST') return undefined;
        current = { ...OPTIONS, options: OPTIONS.options.filter((o) => o.service_id !== 3) };
        return {
          status: 422,
          body: {
            message: LABEL_CHOICE_MESSAGES.outsidePromise,
            errors: { service_id: [LABEL_CHOICE_MESSAGES.outsidePromise] },
          },
        };
      },
    );
    renderAdmin('/admin/pedidos/41');
    const part = await labelPart();
    fireEvent.click(await within(part).findByRole('button', { name: 'Trocar serviço' }));
    fireEvent.click(await within(part).findByRole('radio', { name: /Jadlog/ }));
    fireEvent.click(within(part).getByRole('button', { name: 'Gerar etiqueta' }));
    expect(await within(part).findByText(LABEL_CHOICE_MESSAGES.outsidePromise)).toBeVisible();
    // Jadlog is gone from the fresh list, and the choice is back on the shopper's service.
    await vi.waitFor(() =>
      expect(within(part).queryByRole('radio', { name: /Jadlog/ })).toBeNull(),
    );
    expect(within(part).getByRole('radio', { name: /Correios PAC/ })).toBeChecked();
    expect(asked(requests)).toBe(2);
  });

  /** The shipped order with a Jadlog label; the order's own code is `trackingCode`. */
  function shippedWithJadlog(trackingCode: string, labelCode: string): Detail {
    return {
      ...createDetail({
        status: 'shipped',
        payment_status: 'approved',
        tracking_code: trackingCode,
      }),
      fulfilment: createFulfilment({
        label: createLabel({
          service: 'Jadlog .Package',
          service_id: 3,
          tracking_code: labelCode,
          tracking_url: `https://melhorrastreio.com.br/rastreio/${labelCode}`,
        }),
      }),
    };
  }
  const hrefsOf = async (code: string) =>
    (await screen.findAllByText(code)).map((node) => node.closest('a')?.getAttribute('href'));

  it("links the order's code to the label's carrier page when it is the label's", async () => {
    const code = '2084731248300001';
    fakeShop({ detail: shippedWithJadlog(code, code) }, () => ({ body: OPTIONS }));
    renderAdmin('/admin/pedidos/41');
    // The order's 'Rastreio' and the label's code: both on Melhor Rastreio.
    expect(await hrefsOf(code)).toEqual([
      `https://melhorrastreio.com.br/rastreio/${code}`,
      `https://melhorrastreio.com.br/rastreio/${code}`,
    ]);
  });

  it('links a code typed by hand to the Correios page, as before', async () => {
    fakeShop({ detail: shippedWithJadlog('AA473124829BR', '2084731248300001') }, () => ({
      body: OPTIONS,
    }));
    renderAdmin('/admin/pedidos/41');
    expect(await hrefsOf('AA473124829BR')).toEqual([
      'https://rastreamento.correios.com.br/app/index.php',
    ]);
  });
});
