import { nameBesideOptions, optionValuesLabel } from '@lumina/shared/catalog/variants';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { invoices } from '../../db/schema/fulfilment.ts';
import { type OrderRow, orderItems } from '../../db/schema/orders.ts';
import { DEFAULT_PACKAGE, products, productVariants } from '../../db/schema/products.ts';
import { AppError } from '../../http/app-error.ts';
import { MELHOR_ENVIO_SERVICE_IDS } from '../../integrations/melhor-envio/melhor-envio-client.ts';
import { parcelFromLines } from '../../integrations/shipping/parcel.ts';
import { LABEL_TEXTS } from './label-texts.ts';
import type { LabelParty, LabelRequest } from './ports.ts';

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** Melhor Envio's service for the way the shopper chose to receive the order. */
export function serviceIdOf(order: Pick<OrderRow, 'shippingMethod'>): number {
  return MELHOR_ENVIO_SERVICE_IDS[order.shippingMethod];
}

/** The shop as the sender, from its settings; refused when a field the carrier needs is blank. */
export function senderOf(settings: StoreSettings): LabelParty {
  const { address } = settings;
  const name = settings.trade_name || settings.legal_name;
  const needed = [
    name,
    settings.document,
    address.zip_code,
    address.street,
    address.number,
    address.neighborhood,
    address.city,
    address.state,
  ];
  if (needed.some((value) => !value)) {
    throw new AppError('conflict', LABEL_TEXTS.senderIncomplete, { code: 'sender_incomplete' });
  }
  return {
    name,
    document: digits(settings.document),
    email: settings.sac_email || null,
    phone: digits(settings.phone) || null,
    address: {
      zipCode: digits(address.zip_code),
      street: address.street,
      number: address.number,
      complement: address.complement || null,
      neighborhood: address.neighborhood,
      city: address.city,
      state: address.state,
    },
  };
}

/** The shopper as the recipient, as the order has them (name, CPF, contacts, delivery address). */
export function recipientOf(order: OrderRow): LabelParty {
  const address = order.shippingAddress;
  // The checkout takes a PIX order without a CPF, but Melhor Envio wants the recipient's
  // document on every label: say so before anything is bought.
  const document = digits(order.customerCpf);
  if (!document) {
    throw new AppError('conflict', LABEL_TEXTS.recipientDocumentMissing, {
      code: 'recipient_document_missing',
    });
  }
  return {
    name: order.customerName,
    document,
    email: order.customerEmail,
    phone: digits(order.customerPhone) || null,
    address: {
      zipCode: digits(address.zipCode),
      street: address.street,
      number: address.number,
      complement: address.complement,
      neighborhood: address.neighborhood,
      city: address.city,
      state: address.state,
    },
  };
}

/** The order's items with what each unit weighs and measures now (the variant's weight first). */
async function packedItems(db: Db, orderId: number) {
  return db
    .select({
      name: orderItems.productName,
      optionValues: orderItems.optionValues,
      quantity: orderItems.quantity,
      totalCents: orderItems.totalCents,
      // A product deleted since the sale leaves the shop's default small box.
      weightGrams: sql<number>`coalesce(${productVariants.weightGrams}, ${products.weightGrams}, ${DEFAULT_PACKAGE.weightGrams})::integer`,
      lengthCm: sql<number>`coalesce(${products.lengthCm}, ${DEFAULT_PACKAGE.lengthCm})::integer`,
      widthCm: sql<number>`coalesce(${products.widthCm}, ${DEFAULT_PACKAGE.widthCm})::integer`,
      heightCm: sql<number>`coalesce(${products.heightCm}, ${DEFAULT_PACKAGE.heightCm})::integer`,
    })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** The access key of the order's authorised NF-e; null: the parcel goes with a content declaration. */
export async function invoiceKeyOf(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ accessKey: invoices.accessKey })
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.state, 'authorised'),
        isNotNull(invoices.accessKey),
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  return row?.accessKey ?? null;
}

/**
 * What Melhor Envio is asked for one order: the shop to the shopper, each item at what was paid
 * for it, one box packed by the shipping module's rules (the quote's), insured for the items'
 * value, with the NF-e's key when one was authorised. `serviceId`: the label's (the owner may
 * have chosen another than the shopper's).
 */
export async function labelRequestOf(
  db: Db,
  order: OrderRow,
  settings: StoreSettings,
  serviceId: number = serviceIdOf(order),
): Promise<LabelRequest> {
  const from = senderOf(settings);
  const items = await packedItems(db, order.id);
  const parcel = parcelFromLines(items);
  const itemsCents = items.reduce((sum, item) => sum + item.totalCents, 0);
  return {
    orderNumber: order.orderNumber,
    serviceId,
    from,
    to: recipientOf(order),
    products: items.map((item) => {
      const variant = optionValuesLabel(item.optionValues);
      const name = nameBesideOptions(item.name, item.optionValues);
      return {
        name: variant ? `${name} (${variant})` : name,
        quantity: item.quantity,
        unitaryValueCents: Math.round(item.totalCents / item.quantity),
      };
    }),
    volume: {
      heightCm: parcel.heightCm,
      widthCm: parcel.widthCm,
      lengthCm: parcel.lengthCm,
      weightGrams: parcel.weightGrams,
    },
    insuranceValueCents: itemsCents,
    invoiceKey: await invoiceKeyOf(db, order.id),
  };
}
