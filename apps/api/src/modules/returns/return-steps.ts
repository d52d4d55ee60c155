import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema/orders.ts';
import type { ReturnRequestRow } from '../../db/schema/returns.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { OrderActor, OrderLifecycle } from '../orders/lifecycle-service.ts';
import { reachable } from '../orders/order-mails.ts';
import { createReturnRepository } from './repository.ts';
import type { OrderEventAction } from '@lumina/shared/orders/order-events';
import type { ReturnMailContext } from './return-mails.ts';

/** 'Argola Lua (Diâmetro: 8 mm) x 2' for each item of a request. */
export async function itemLines(tx: Db, returnId: number): Promise<string[]> {
  const items = await createReturnRepository(tx).itemsOf([returnId]);
  return items.map(({ item, line }) => {
    const options = Object.entries(line.optionValues)
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
    return `${line.productName}${options ? ` (${options})` : ''} x ${item.quantity}`;
  });
}

/**
 * Every step of a request goes into its order's history (through the order's own writer) and to
 * the shopper's inbox (the outbox, in the same transaction, so the e-mail exists exactly when the
 * step does).
 */
export function createReturnSteps(deps: {
  lifecycle: OrderLifecycle;
  outbox: Pick<MailOutbox, 'enqueue'>;
}) {
  return {
    async record(
      tx: Db,
      input: {
        order: OrderRow;
        request: ReturnRequestRow;
        /** order_events.action and the e-mail's kind: 'return_received'... */
        step: OrderEventAction;
        by: OrderActor;
        details?: Record<string, unknown>;
        mail: ((context: ReturnMailContext) => MailMessage) | null;
      },
    ): Promise<void> {
      const { order, request, step, by } = input;
      await deps.lifecycle.note(tx, order, step, by, {
        return_id: request.id,
        protocol: request.protocol,
        ...input.details,
      });
      const customer = reachable(order);
      // An erased account's order keeps no e-mail address: there is nobody to write to.
      if (!input.mail || !customer) return;
      const message = input.mail({
        request,
        orderNumber: order.orderNumber,
        customerName: order.customerName,
        customerEmail: customer.customerEmail,
        lines: await itemLines(tx, request.id),
        shop: deps.lifecycle.shop(),
      });
      await deps.outbox.enqueue(tx, {
        key: `return:${request.id}:${step}`,
        kind: step,
        orderId: order.id,
        message,
      });
    },
  };
}

export type ReturnSteps = ReturnType<typeof createReturnSteps>;
