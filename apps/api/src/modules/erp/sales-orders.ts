import { optionValuesLabel } from '@lumina/shared/catalog/variants';
import { centsToReais } from '@lumina/shared/format/money';
import { paymentMethodPhrase } from '@lumina/shared/payments/payment-labels';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { blingSalesOrders } from '../../db/schema/bling.ts';
import { orderItems, orders, type OrderRow } from '../../db/schema/orders.ts';
import { blingDateTime } from '../../integrations/bling/bling-date.ts';
import {
  type BlingClient,
  BlingRequestError,
  BlingShapeError,
  BlingUnavailableError,
} from '../../integrations/bling/bling-client.ts';
import { paymentMethodFactsOf, paymentOfRecord } from '../orders/order-json.ts';
import { createPaymentRepository } from '../payments/repository.ts';
import { stopReason } from './run-summary.ts';
import { ofTheShop } from './shop-label.ts';

const BATCH = 50;

export const UNCERTAIN_SALES_ORDER =
  'O Bling não respondeu ao pedido de venda e ele não foi reenviado: confira no Bling se o pedido chegou.';

export interface SalesOrderSummary {
  sent: number;
  failed: number;
  uncertain: number;
  stopped: string | null;
}

const digits = (value: string | null) => (value ?? '').replace(/\D/g, '');

/**
 * Where an order's sale stands in Bling, for the modules that act on it there (its NF-e):
 * 'waiting' for the next push (paid since the shop connected), 'never' (not paid, or paid before
 * the connection: the push leaves those out), or the push's own states.
 */
export interface SalesOrderLink {
  state: 'waiting' | 'never' | 'sending' | 'sent' | 'uncertain' | 'failed';
  /** Bling's id of the sales order, once it answered. */
  blingId: string | null;
  /** Why it did not go (pt-BR, or Bling's own words), for 'failed' and 'uncertain'. */
  error: string | null;
}

/** The order's sales order in Bling, by the push's rule of which paid orders it sends. */
export async function salesOrderOf(db: Db, orderId: number): Promise<SalesOrderLink> {
  const [row] = rowsOf<{
    state: Exclude<SalesOrderLink['state'], 'waiting' | 'never'> | null;
    bling_id: string | null;
    error: string | null;
    due: boolean | null;
  }>(
    await db.execute(sql`
      select b.state, b.bling_id, b.error,
        (o.paid_at is not null and o.paid_at >= c.connected_at) as due
      from orders o
      left join bling_sales_orders b on b.order_id = o.id
      left join bling_connection c on c.id = 1
      where o.id = ${orderId}::integer
    `),
  );
  if (row?.state) return { state: row.state, blingId: row.bling_id, error: row.error };
  return { state: row?.due ? 'waiting' : 'never', blingId: null, error: null };
}

/**
 * Paid orders become Bling sales orders, each once: the customer's contact found by CPF or
 * e-mail (or created), the items by SKU at the price paid, shipping, how it was paid (method,
 * card brand and end, instalments), and the shop's order number as `numeroLoja`. Orders paid
 * before the shop connected to Bling stay out.
 */
export function createSalesOrderPush(deps: {
  db: Db;
  client: () => BlingClient;
  now: () => Date;
  /** The shop's name as its settings have it now ('' when none). */
  shopName: () => string;
  /** Told of each order Bling took as a sales order (its NF-e may follow); never throws. */
  onSent?: (orderId: number) => Promise<void>;
}) {
  const { db, now } = deps;

  async function contactFor(client: BlingClient, order: OrderRow): Promise<number> {
    const document = digits(order.customerCpf);
    if (document) {
      const [byDocument] = await client.findContacts({ numeroDocumento: document });
      if (byDocument) return byDocument.id;
    }
    const email = order.customerEmail?.toLowerCase();
    if (email) {
      const byEmail = (await client.findContacts({ pesquisa: email })).find(
        (contact) => contact.email?.toLowerCase() === email,
      );
      if (byEmail) return byEmail.id;
    }
    const address = order.shippingAddress;
    return client.createContact({
      nome: order.customerName,
      tipo: document.length === 14 ? 'J' : 'F',
      numeroDocumento: document,
      email: order.customerEmail ?? '',
      celular: order.customerPhone ?? '',
      situacao: 'A',
      endereco: {
        geral: {
          endereco: address.street,
          numero: address.number,
          complemento: address.complement ?? '',
          bairro: address.neighborhood,
          cep: address.zipCode,
          municipio: address.city,
          uf: address.state,
        },
      },
    });
  }

  async function bodyOf(client: BlingClient, order: OrderRow) {
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const day = blingDateTime(order.paidAt ?? order.createdAt).slice(0, 10);
    const payment = paymentOfRecord(await createPaymentRepository(db).paymentsOf([order.id]));
    // An order paid before payments kept their method was paid by PIX, the only one then.
    const paidWith = paymentMethodPhrase(
      payment
        ? paymentMethodFactsOf(payment)
        : { method: 'pix', installments: null, card_brand: null, card_last_four: null },
    );
    return {
      numeroLoja: order.orderNumber,
      data: day,
      contato: { id: await contactFor(client, order) },
      itens: items.map((item) => ({
        // The variant's own SKU (Bling's variation code) and its values beside the name.
        codigo: item.sku,
        descricao: [item.productName, optionValuesLabel(item.optionValues)]
          .filter(Boolean)
          .join(' - '),
        quantidade: item.quantity,
        valor: centsToReais(item.unitPriceCents),
      })),
      // Items at their unit price and the order's promotion and coupon discounts as Bling's
      // discount on the whole sale, so its total (items - desconto + frete) is what was paid.
      ...(order.discountCents > 0 && {
        desconto: { valor: centsToReais(order.discountCents), unidade: 'REAL' as const },
      }),
      transporte: { frete: centsToReais(order.shippingCents), fretePorConta: 0 },
      // One instalment, received through the provider: a card's instalments are the buyer's
      // with the card issuer, so they are named, not split into receivables.
      parcelas: [
        { dataVencimento: day, valor: centsToReais(order.totalCents), observacoes: paidWith },
      ],
      observacoes: `Pedido ${order.orderNumber} ${ofTheShop(deps.shopName())}. Pagamento: ${paidWith}.`,
    };
  }

  async function settle(orderId: number, values: Partial<typeof blingSalesOrders.$inferInsert>) {
    await db.update(blingSalesOrders).set(values).where(eq(blingSalesOrders.orderId, orderId));
  }

  return {
    async pushPaid(): Promise<SalesOrderSummary> {
      const summary: SalesOrderSummary = { sent: 0, failed: 0, uncertain: 0, stopped: null };
      const client = deps.client();
      try {
        for (;;) {
          const due = rowsOf<{ id: number }>(
            await db.execute(sql`
              select o.id from orders o
              where o.paid_at is not null
                and o.paid_at >= (select connected_at from bling_connection where id = 1)
                and not exists (select 1 from bling_sales_orders b where b.order_id = o.id)
              order by o.paid_at, o.id
              limit ${BATCH}
            `),
          );
          if (due.length === 0) break;
          for (const { id } of due) {
            const claimed = await db
              .insert(blingSalesOrders)
              .values({ orderId: id, state: 'sending', attemptedAt: now() })
              .onConflictDoNothing()
              .returning({ orderId: blingSalesOrders.orderId });
            if (claimed.length === 0) continue;
            const [order] = await db.select().from(orders).where(eq(orders.id, id));
            if (!order) continue;
            try {
              const created = await client.createSalesOrder(await bodyOf(client, order));
              await settle(id, { state: 'sent', blingId: String(created.id), sentAt: now() });
              await db
                .update(orders)
                .set({ blingId: String(created.id) })
                .where(eq(orders.id, id));
              summary.sent += 1;
              await deps.onSent?.(id);
            } catch (error) {
              if (error instanceof BlingUnavailableError && !error.answered) {
                await settle(id, { state: 'uncertain', error: UNCERTAIN_SALES_ORDER });
                summary.uncertain += 1;
                continue;
              }
              if (error instanceof BlingRequestError || error instanceof BlingShapeError) {
                await settle(id, { state: 'failed', error: error.message });
                summary.failed += 1;
                continue;
              }
              // Bling refused before acting (5xx, 429, access): the order waits for the next run.
              await db.delete(blingSalesOrders).where(eq(blingSalesOrders.orderId, id));
              throw error;
            }
          }
        }
      } catch (error) {
        summary.stopped = stopReason(error);
      }
      return summary;
    },
  };
}
