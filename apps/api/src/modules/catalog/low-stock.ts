import { randomUUID } from 'node:crypto';
import { can, STAFF_ROLES } from '@lumina/shared/admin/staff-roles';
import type { OptionValues, ProductOption } from '@lumina/shared/catalog/variants';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { productVariants, products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import { mailDocument } from '../mail/mail-document.ts';
import { mailShop } from '../mail/mail-signature.ts';
import type { MailOutbox } from '../mail/outbox.ts';

/** The staff roles that manage the catalogue: they hear of stock running low. */
const CATALOGUE_ROLES = STAFF_ROLES.filter((role) => can(role, 'catalogue'));

/** A variant that just got down to its threshold, as the e-mail names it. */
export interface LowVariant {
  id: number;
  productName: string;
  productSku: string;
  sku: string;
  optionValues: OptionValues;
  /** The product's options, whose order the values are named in. */
  options: ProductOption[];
  stockQuantity: number;
  threshold: number;
}

/** 'Argola Segmentada (8 mm, Dourado)': the product, and the variant's values when it has any. */
export function lowVariantName(
  variant: Pick<LowVariant, 'productName' | 'optionValues' | 'options'>,
): string {
  const values = variant.options
    .map((option) => variant.optionValues[option.name])
    .filter((value): value is string => Boolean(value));
  return values.length > 0 ? `${variant.productName} (${values.join(', ')})` : variant.productName;
}

const units = (count: number) => `${count} ${count === 1 ? 'unidade' : 'unidades'}`;

/** To the catalogue's staff: the variants one stock change took down to their thresholds. */
export function lowStockMail(input: {
  variants: readonly LowVariant[];
  appUrl: string;
  shopName: string;
}): { subject: string; text: string; html: string } {
  const { variants, appUrl } = input;
  const [first] = variants;
  const what =
    variants.length === 1 && first ? lowVariantName(first) : `${variants.length} variantes`;
  const subject = `[${input.shopName}] Estoque baixo: ${what}`.slice(0, 200);
  const items = variants.map((variant) => ({
    name: lowVariantName(variant),
    lines: [
      `SKU: ${variant.sku}`,
      `Restam: ${units(variant.stockQuantity)}`,
      `Aviso a partir de: ${units(variant.threshold)}`,
    ],
    url: `${appUrl}/admin/produtos?q=${encodeURIComponent(variant.productSku)}`,
  }));
  const intro =
    variants.length === 1
      ? 'Uma variante chegou ao estoque mínimo:'
      : 'Estas variantes chegaram ao estoque mínimo:';
  const outro =
    'Você recebe um aviso por variante até o estoque voltar a ficar acima do mínimo. O mínimo de cada variante fica na grade de variantes do produto; o padrão da loja, em Configurações.';
  return {
    subject,
    text: [
      intro,
      ...items.map((item) => `${item.name}\n${item.lines.join('\n')}\nVer no painel: ${item.url}`),
      outro,
    ].join('\n\n'),
    html: mailDocument(subject, [
      `<p>${escapeHtml(intro)}</p>`,
      ...items.map(
        (item) =>
          `<p><strong>${escapeHtml(item.name)}</strong><br>${item.lines.map(escapeHtml).join('<br>')}<br><a href="${escapeHtml(item.url)}">Ver no painel</a></p>`,
      ),
      `<p>${escapeHtml(outro)}</p>`,
    ]),
  };
}

/**
 * Low-stock alerts: the stock owner (stock.ts) asks for them after every movement, inside the
 * movement's transaction. `defaultThreshold` is the store settings' for variants without their
 * own; `notify` queues one e-mail per staff member for the variants one change took down (one
 * per transaction, so an order emptying three shelves sends one list, not three e-mails).
 */
export function createLowStockAlerts(deps: {
  outbox: Pick<MailOutbox, 'enqueue'>;
  appUrl: string;
  storeSettings: () => StoreSettings;
}) {
  return {
    defaultThreshold: () => deps.storeSettings().low_stock_threshold,

    async notify(tx: Db, variantIds: readonly number[], at: Date): Promise<void> {
      if (variantIds.length === 0) return;
      const ids = [...variantIds].sort((a, b) => a - b);
      const result = await tx.execute(sql`
        select v.id, p.name as "productName", p.sku as "productSku", v.sku,
          v.option_values as "optionValues", p.options, v.stock_quantity as "stockQuantity",
          coalesce(v.low_stock_threshold, ${deps.storeSettings().low_stock_threshold}::integer) as threshold
        from ${productVariants} v join ${products} p on p.id = v.product_id
        where v.id = any(${`{${ids.join(',')}}`}::integer[])
        order by p.name, v.position, v.id
      `);
      const variants = rowsOf<LowVariant>(result);
      if (variants.length === 0) return;
      const staff = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          sql`${users.role} = 'admin' and ${users.staffRole} in (${sql.join(
            CATALOGUE_ROLES.map((role) => sql`${role}`),
            sql`, `,
          )})`,
        );
      const mail = lowStockMail({
        variants,
        appUrl: deps.appUrl,
        shopName: mailShop(deps.storeSettings()).name,
      });
      // Each crossing is its own e-mail (low_stock_alerted_at already makes it once): a later
      // crossing of the same variants, even at the same clock time, must not share its key.
      const key = `low-stock:${at.toISOString()}:${randomUUID()}`;
      for (const member of staff) {
        await deps.outbox.enqueue(tx, {
          key: `${key}:${member.id}`,
          kind: 'low_stock',
          message: { to: member.email, ...mail },
        });
      }
    },
  };
}

export type LowStockAlerts = ReturnType<typeof createLowStockAlerts>;
