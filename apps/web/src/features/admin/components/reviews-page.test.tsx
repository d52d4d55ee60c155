import type { AdminReview, AdminReviewList } from '@lumina/shared/reviews/review-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../lib/auth/testing/fake-api.ts';
import { toastChannel } from '../../../lib/ui-events.ts';
import { renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';

function createReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: 5,
    status: 'pending',
    status_label: 'Aguardando moderação',
    rating: 4,
    text: 'Bonita, o fecho é firme.',
    photo_url: '/uploads/reviews/aaaaaaaaaaaaaaaaaaaaaaaa.webp',
    photo_thumb_url: '/uploads/reviews/aaaaaaaaaaaaaaaaaaaaaaaa-480.webp',
    reply: null,
    created_at: '2026-11-20T15:30:00.000Z',
    moderated_at: null,
    author: 'Bia',
    variant_label: 'Diâmetro: 8 mm',
    product: { id: 7, name: 'Argola Clicker - Tamanho: 8mm' },
    order: { id: 41, order_number: 'LP001041' },
    ...overrides,
  };
}

function listOf(reviews: AdminReview[]): AdminReviewList {
  return {
    reviews,
    total: reviews.length,
    page: 1,
    per_page: 20,
    total_pages: 1,
    pending: reviews.filter((r) => r.status === 'pending').length,
  };
}

beforeEach(() => {
  storeLogin();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/admin/avaliacoes', () => {
  it('shows each review with its product, buyer, order and photo, and publishes it with an answer', async () => {
    let reviews = [createReview()];
    const requests = fakeApi((request) => {
      if (request.method === 'PATCH' && request.path === '/admin/reviews/5') {
        reviews = [
          createReview({
            status: 'approved',
            status_label: 'Publicada',
            reply: { text: 'Obrigada, Bia!', replied_at: '2026-11-21T12:00:00.000Z' },
          }),
        ];
        return {
          body: {
            message: 'Avaliação publicada na página do produto.',
            review: reviews[0],
            pending: 0,
          },
        };
      }
      if (request.path.startsWith('/admin/reviews')) return { body: listOf(reviews) };
      return undefined;
    });
    // The toast (drawn by the app's frame, outside the panel) is announced on its channel.
    const toasts: string[] = [];
    const stop = toastChannel.subscribe((toast) => toasts.push(toast.message));
    renderAdmin('/admin/avaliacoes');

    const card = await screen.findByRole('listitem', {
      name: 'Avaliação de Bia sobre Argola Clicker',
    });
    expect(within(card).getByText('Aguardando moderação')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Nota 4 de 5' })).toBeTruthy();
    expect(within(card).getByText('Diâmetro: 8 mm')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'LP001041' }).getAttribute('href')).toBe(
      '/admin/pedidos/41',
    );
    expect(
      within(card).getByRole('img', { name: 'Foto enviada por Bia' }).getAttribute('src'),
    ).toBe('/uploads/reviews/aaaaaaaaaaaaaaaaaaaaaaaa-480.webp');
    expect(screen.getByText('1 avaliação · 1 aguardando moderação')).toBeTruthy();

    fireEvent.change(within(card).getByLabelText('Resposta pública da loja (opcional)'), {
      target: { value: '  Obrigada, Bia!  ' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(within(card).getByText('Publicada')).toBeTruthy());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      status: 'approved',
      reply: 'Obrigada, Bia!',
    });
    expect(toasts).toEqual(['Avaliação publicada na página do produto.']);
    stop();
    // Published: the answer can still be changed, or the review hidden.
    expect(within(card).getByRole('button', { name: 'Salvar resposta' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Ocultar' })).toBeTruthy();
  });

  it('filters by status through the address', async () => {
    const requests = fakeApi((request) =>
      request.path.startsWith('/admin/reviews') ? { body: listOf([]) } : undefined,
    );
    renderAdmin('/admin/avaliacoes');
    fireEvent.click(await screen.findByRole('button', { name: 'Aguardando' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/avaliacoes?status=pending'),
    );
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/admin/reviews?status=pending')).toBe(true),
    );
    expect(await screen.findByText('Nenhuma avaliação por aqui.')).toBeTruthy();
  });
});
