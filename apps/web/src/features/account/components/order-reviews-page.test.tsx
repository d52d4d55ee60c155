import type { MyReview, OrderReviewsResponse } from '@lumina/shared/reviews/review-schemas';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRoutes } from '../testing/fake-api.ts';
import { renderAccount, storeLogin } from '../testing/render-account.tsx';
import { OrderReviewsPage } from './order-reviews-page.tsx';

function sentReview(overrides: Partial<MyReview> = {}): MyReview {
  return {
    id: 90,
    product_id: 3,
    rating: 5,
    text: 'Linda e leve.',
    status: 'pending',
    status_label: 'Aguardando moderação',
    created_at: '2026-11-20T12:00:00.000Z',
    photo_url: null,
    photo_thumb_url: null,
    reply: null,
    ...overrides,
  };
}

function answer(overrides: Partial<OrderReviewsResponse['order']> = {}, review?: MyReview) {
  return {
    body: {
      order: {
        id: 12,
        order_number: 'LP001012',
        delivered_at: '2026-11-18T15:00:00.000Z',
        can_review: true,
        reason: null,
        ...overrides,
      },
      products: [
        {
          product_id: 3,
          name: 'Argola Lisa',
          variant_label: 'Diâmetro: 8 mm',
          image_url: null,
          review: review ?? null,
        },
        {
          product_id: 4,
          name: 'Labret Titânio',
          variant_label: '',
          image_url: null,
          review: sentReview({
            id: 91,
            product_id: 4,
            rating: 4,
            text: 'Confortável.',
            status: 'approved',
            status_label: 'Publicada',
            reply: { text: 'Obrigada!', replied_at: '2026-11-21T12:00:00.000Z' },
          }),
        },
      ],
    } satisfies OrderReviewsResponse,
  };
}

function renderPage(routes: FakeRoutes) {
  const requests = fakeApi(routes);
  renderAccount(<OrderReviewsPage orderId={12} />, {
    route: '/minha-conta/pedidos/12/avaliar',
    path: '/minha-conta/pedidos/:id/avaliar',
  });
  return requests;
}

beforeEach(() => {
  localStorage.clear();
  storeLogin();
});
afterEach(() => vi.unstubAllGlobals());

describe('the review page of an order', () => {
  it('asks for a rating first, then sends the review and shows it waiting for moderation', async () => {
    let sent = false;
    const requests = renderPage({
      'GET /api/orders/12/reviews': () => (sent ? answer({}, sentReview()) : answer()),
      'POST /api/orders/12/reviews': () => {
        sent = true;
        return {
          status: 201,
          body: { message: 'Obrigado!', review: sentReview() },
        };
      },
    });
    const form = await screen.findByRole('form', { name: 'Avaliar Argola Lisa' });
    expect(screen.getByText('Diâmetro: 8 mm')).toBeVisible();
    // The other product was reviewed and answered already: no form, the shop's reply.
    expect(screen.queryByRole('form', { name: 'Avaliar Labret Titânio' })).toBeNull();
    expect(screen.getByText('Publicada')).toBeVisible();
    expect(screen.getByText('Obrigada!')).toBeVisible();

    fireEvent.click(within(form).getByRole('button', { name: 'Enviar avaliação' }));
    expect(await within(form).findByText('Escolha uma nota de 1 a 5 estrelas.')).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.click(within(form).getByRole('radio', { name: '5 estrelas: Excelente' }));
    fireEvent.change(within(form).getByLabelText('Comentário (opcional)'), {
      target: { value: '  Linda e leve.  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar avaliação' }));

    expect(await screen.findByText('Aguardando moderação')).toBeVisible();
    expect(screen.getByText('Linda e leve.')).toBeVisible();
    const posted = requests.find((request) => request.method === 'POST');
    expect(posted?.body).toEqual({ review: { product_id: 3, rating: 5, text: 'Linda e leve.' } });
    // A review waiting for moderation may still get its photo.
    expect(screen.getByRole('form', { name: 'Enviar uma foto' })).toBeVisible();
  });

  it("shows the server's refusal in its words", async () => {
    renderPage({
      'GET /api/orders/12/reviews': answer(),
      'POST /api/orders/12/reviews': {
        status: 409,
        body: { message: 'Você já avaliou este produto neste pedido.', code: 'already_reviewed' },
      },
    });
    const form = await screen.findByRole('form', { name: 'Avaliar Argola Lisa' });
    fireEvent.click(within(form).getByRole('radio', { name: '3 estrelas: Regular' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar avaliação' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Você já avaliou este produto neste pedido.',
    );
  });

  it('says why an order not delivered cannot be reviewed yet, with no form', async () => {
    renderPage({
      'GET /api/orders/12/reviews': answer({
        can_review: false,
        delivered_at: null,
        reason: 'Você poderá avaliar os produtos deste pedido quando ele for entregue.',
      }),
    });
    expect(
      await screen.findByText(
        'Você poderá avaliar os produtos deste pedido quando ele for entregue.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Avaliar Argola Lisa' })).toBeNull();
  });
});
