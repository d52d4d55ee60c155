import { STOCK_ALERT_MESSAGES } from '@lumina/shared/stock-alerts/stock-alert-schemas';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, serveApi } from '../testing/render-with-client.tsx';
import { StockAlertLinkPage } from './stock-alert-link-page.tsx';

const TOKEN = 'a'.repeat(43);

afterEach(() => vi.unstubAllGlobals());

describe('the links of the back-in-stock e-mails', () => {
  it('changes nothing until the button is pressed, then names the product', async () => {
    const requests = serveApi((url) =>
      url.pathname === `/api/stock_alerts/confirm/${TOKEN}`
        ? {
            body: {
              success: true,
              message: STOCK_ALERT_MESSAGES.confirmed,
              product: {
                name: 'Argola',
                variant: 'Argola (8 mm)',
                path: '/produto/40?variante=ARG-8MM',
              },
            },
          }
        : undefined,
    );
    renderWithClient(<StockAlertLinkPage action="confirm" />, {
      route: `/avise-me/confirmar?token=${TOKEN}`,
    });
    expect(screen.getByRole('heading', { name: 'Confirmar aviso de chegada' })).toBeInTheDocument();
    expect(requests).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar aviso' }));
    expect(await screen.findByText(STOCK_ALERT_MESSAGES.confirmed)).toBeVisible();
    expect(screen.getByText('Argola (8 mm)')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver o produto' })).toHaveAttribute(
      'href',
      '/produto/40?variante=ARG-8MM',
    );
  });

  it("says a used or forged link is dead, in the server's words, with no button", async () => {
    serveApi(() => ({ status: 422, body: { message: STOCK_ALERT_MESSAGES.invalidLink } }));
    renderWithClient(<StockAlertLinkPage action="cancel" />, {
      route: `/avise-me/cancelar?token=${TOKEN}`,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar aviso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STOCK_ALERT_MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: 'Cancelar aviso' })).toBeNull();
  });

  it('refuses a link of the wrong shape without asking the server', () => {
    const requests = serveApi(() => undefined);
    renderWithClient(<StockAlertLinkPage action="confirm" />, {
      route: '/avise-me/confirmar?token=curto',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(STOCK_ALERT_MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: 'Confirmar aviso' })).toBeNull();
    expect(requests).toEqual([]);
  });
});
