import { ORDERS_EXPORT_MESSAGES } from '@lumina/shared/admin/orders-export';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { fakeApi, type FakeAnswer } from '../../../lib/auth/testing/fake-api.ts';
import { createList, createRow, renderAdmin, storeLogin } from '../testing/admin-fixtures.tsx';
import { currentMonth } from './orders-export-dialog.tsx';

/** The list answers its GETs; `exportAnswer` the export. */
function fakeOrders(exportAnswer: FakeAnswer) {
  return fakeApi((request) => {
    if (request.path.startsWith('/admin/orders/export')) return exportAnswer;
    if (request.path.startsWith('/admin/orders')) return { body: createList([createRow()]) };
    return undefined;
  });
}

let saved: { href: string; download: string }[] = [];
let clickSpy: { mockRestore: () => void } | undefined;
const createObjectURL = vi.fn((_blob: Blob) => 'blob:pedidos');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  localStorage.clear();
  saved = [];
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
  // jsdom cannot save a file: record what the link would have saved.
  clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  clickSpy?.mockRestore();
  vi.unstubAllGlobals();
});

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Exportar' }));
  return screen.findByRole('dialog', { name: 'Exportar pedidos' });
}

describe('orders list: export for the accountant', () => {
  it('downloads the current month as Excel with the token in a header, not in the address', async () => {
    storeLogin(createUser({ role: 'admin', staff_role: 'manager' }));
    const requests = fakeOrders({ type: 'text/csv; charset=utf-8', body: 'número do pedido' });
    renderAdmin('/admin/pedidos');
    const dialog = await openDialog();
    const month = currentMonth();
    expect(within(dialog).getByLabelText('De')).toHaveValue(month.from);
    expect(within(dialog).getByLabelText('Até')).toHaveValue(month.to);
    expect(within(dialog).getByRole('radio', { name: 'CSV' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Excel (.xlsx)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Baixar' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const call = requests.find((request) => request.path.startsWith('/admin/orders/export'));
    expect(call?.path).toBe(`/admin/orders/export?from=${month.from}&to=${month.to}&format=xlsx`);
    expect(call?.headers.Authorization ?? call?.headers.authorization).toMatch(/^Bearer /);
    expect(saved[0]).toEqual({
      href: 'blob:pedidos',
      download: `pedidos-${month.from}-a-${month.to}.xlsx`,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Exportar pedidos' })).not.toBeInTheDocument(),
    );
  });

  it('checks the period before asking, and shows the API’s refusals in its words', async () => {
    storeLogin();
    const requests = fakeOrders({
      status: 429,
      body: {
        type: 'too_many_requests',
        code: 'throttled',
        message: ORDERS_EXPORT_MESSAGES.throttled,
      },
    });
    renderAdmin('/admin/pedidos');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('De'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(dialog).getByLabelText('Até'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Baixar' }));
    expect(await within(dialog).findByText(ORDERS_EXPORT_MESSAGES.order)).toBeVisible();
    expect(requests.some((request) => request.path.startsWith('/admin/orders/export'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('De'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(dialog).getByLabelText('Até'), { target: { value: '2026-11-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Baixar' }));
    expect(await within(dialog).findByText(ORDERS_EXPORT_MESSAGES.throttled)).toBeVisible();
    expect(saved).toEqual([]);
  });

  it('puts a refused field’s message under the field', async () => {
    storeLogin();
    fakeOrders({
      status: 422,
      body: {
        type: 'invalid_data',
        code: 'too_many_rows',
        message: ORDERS_EXPORT_MESSAGES.tooManyRows,
        fields: { to: [ORDERS_EXPORT_MESSAGES.tooManyRows] },
      },
    });
    renderAdmin('/admin/pedidos');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Baixar' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Até')).toHaveAccessibleDescription(
        ORDERS_EXPORT_MESSAGES.tooManyRows,
      ),
    );
  });

  it('is not offered to an operator', async () => {
    storeLogin(createUser({ role: 'admin', staff_role: 'operator' }));
    fakeOrders({ status: 403, body: {} });
    renderAdmin('/admin/pedidos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await screen.findAllByText('LP001041');
    expect(screen.queryByRole('button', { name: 'Exportar' })).not.toBeInTheDocument();
  });
});
