import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { formatBRL } from '@lumina/shared/format/money';
import { pixStatusText } from '@lumina/shared/payments/payment-status';
import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { z } from 'zod';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import { AppError } from '../../http/app-error.ts';
import type { PaymentService } from './service.ts';

const TXID = /^[A-Za-z0-9]{25}$/;

/**
 * GET /api/pix/{txid}: the built-in provider's ticket page, opened from the PIX page or the
 * e-mail in a new tab (so without the bearer token). The txid's 149 random bits are the key; the
 * page shows only the QR code, the code, the amount and the status, never who bought what.
 */
export const pixTicketRoutes: FastifyPluginCallbackZod<{
  payments: PaymentService;
  /** The shop's name now (store settings), for the page's title. */
  shopName: () => string;
}> = (app, { payments, shopName }, done) => {
  app.get(
    '/pix/:txid',
    {
      schema: {
        tags: ['payments'],
        summary: "A built-in PIX charge's ticket page (HTML)",
        params: z.object({ txid: z.string() }),
      },
    },
    async (request, reply) => {
      const found = TXID.test(request.params.txid)
        ? await payments.ticket(request.params.txid)
        : undefined;
      if (!found) {
        throw new AppError('not_found', 'Pagamento não encontrado', { code: 'payment_not_found' });
      }
      const { payment, order } = found;
      const code = escapeHtml(payment.qrCode ?? '');
      const name = shopName();
      const title = `PIX do pedido ${order.orderNumber}${name ? ` - ${name}` : ''}`;
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
  </head>
  <body style="font-family: Arial, sans-serif; color: #1f2937; max-width: 28rem; margin: 0 auto; padding: 1.5rem; text-align: center">
    <h1 style="font-size: 1.25rem">Pedido ${escapeHtml(order.orderNumber)}</h1>
    <p style="font-size: 1.5rem; font-weight: bold">${escapeHtml(formatBRL(payment.amountCents))}</p>
    <p>${escapeHtml(pixStatusText(payment.status))}</p>
    <img src="data:image/png;base64,${escapeHtml(payment.qrCodeBase64 ?? '')}" alt="QR Code PIX" width="260" height="260">
    <p>Ou copie o código PIX Copia e Cola:</p>
    <p style="font-family: monospace; word-break: break-all; background: #f3f4f6; padding: 12px; text-align: left">${code}</p>
    <p>Válido até ${escapeHtml(payment.expiresAt.toLocaleString('pt-BR', { timeZone: STORE_TIME_ZONE }))}.</p>
  </body>
</html>`;
    },
  );
  done();
};
