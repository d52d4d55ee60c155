import type { BlingSyncSummary } from '@lumina/shared/admin/bling';
import type { CategorySlug } from '@lumina/shared/catalog/categories';
import type { ProductOption } from '@lumina/shared/catalog/variants';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { blingProductLinks, blingVariantLinks } from '../../db/schema/bling.ts';
import { products, productVariants, type ProductRow } from '../../db/schema/products.ts';
import { AppError } from '../../http/app-error.ts';
import {
  type BlingClient,
  BlingRequestError,
  BlingShapeError,
} from '../../integrations/bling/bling-client.ts';
import {
  type BlingListedProduct,
  blingListedProduct,
  type BlingProductDetail,
} from '../../integrations/bling/bling-schemas.ts';
import { announceCatalogChange } from '../catalog/changes.ts';
import type { ProductInput } from '../catalog/product-record.ts';
import { createProductRows } from '../catalog/product-writes.ts';
import type { StockWatch } from '../catalog/stock.ts';
import { createStock } from '../catalog/stock.ts';
import { type VariantWrite, writeVariants } from '../catalog/variant-writes.ts';
import { downloadImage, type ImageDownload, importableImageUrl } from './image-import.ts';
import type { StockPush } from './stock-push.ts';
import {
  type BlingProductFields,
  blingProductFields,
  blingStockUnits,
  type BlingVariantFields,
  blingVariantsOf,
  guessCategory,
} from './product-mapping.ts';
import { ERRORS_KEPT, emptySummary, stopReason } from './run-summary.ts';

/** The shop's form allows names up to 200 characters (admin/product-form-schema.ts). */
const NAME_MAX = 200;
/** Photos brought from Bling for a product that has none (the rest can be added in the panel). */
const PHOTOS_BROUGHT = 5;

export const SYNC_ERRORS = {
  category: (name: string) =>
    `"${name}": categoria não identificada pelo nome. Cadastre o produto na loja com o mesmo SKU e sincronize de novo.`,
  nameTooLong: (id: string) => `Produto ${id} do Bling: o nome passa de ${NAME_MAX} caracteres.`,
  unreadable: (id: string, why: string) => `Produto ${id} do Bling ilegível: ${why}`,
  skuTaken: (sku: string) => `SKU ${sku} já pertence a outro produto do Bling.`,
  photo: (name: string, why: string) => `Foto de "${name}" não trazida do Bling: ${why}`,
  balanceNotApplied: (sku: string, units: number) =>
    `SKU ${sku}: o saldo do Bling (${units} un.) não foi aplicado. No Bling o produto é simples, mas na loja ele tem variantes que não são variações do Bling. Cadastre no Bling as variações com os SKUs das variantes, ou deixe o produto sem opções na loja.`,
} as const;

/** The fields a product row already has, as `toProductValues` takes them. */
function inputOf(row: ProductRow): ProductInput {
  return {
    name: row.name,
    description: row.description,
    complementary_description: row.complementaryDescription,
    price_cents: row.priceCents,
    pix_price_cents: row.pixPriceCents,
    sale_price_cents: row.salePriceCents,
    // The CHECK constraint on the column admits only the six slugs.
    category: row.category as CategorySlug,
    subcategory: row.subcategory,
    sku: row.sku,
    active: row.active,
    display_status: row.displayStatus,
    images: row.images,
    sizes: row.sizes,
    measures: row.measures,
    tags: row.tags,
    variations: row.variations,
    options: row.options,
    stock_quantity: row.stockQuantity,
    weight_grams: row.weightGrams,
    length_cm: row.lengthCm,
    width_cm: row.widthCm,
    height_cm: row.heightCm,
    created_at: row.createdAt,
  };
}

/** Bling's word on a product, over what the shop keeps of its own. */
function merged(
  base: ProductInput,
  bling: BlingProductFields,
  units: number,
  at: Date,
  options: ProductOption[] | null,
) {
  return {
    ...base,
    name: bling.name,
    description: bling.description,
    price_cents: bling.priceCents,
    // A PIX price of the shop's that Bling's new price undercuts falls back to the settings' PIX discount.
    pix_price_cents:
      base.pix_price_cents != null && base.pix_price_cents <= bling.priceCents
        ? base.pix_price_cents
        : null,
    sku: bling.sku,
    active: bling.active,
    variations: bling.variations.length > 0 ? bling.variations : (base.variations ?? []),
    // Sold through Bling's variations: their attributes are the options; else the shop's own.
    options: options ?? base.options ?? [],
    stock_quantity: units,
  } satisfies ProductInput;
}

type Outcome = 'created' | 'updated' | 'skipped';

/** What a product's sync did, and why Bling's balance could not be the shop's count, if so. */
interface Applied {
  outcome: Outcome;
  problem: string | null;
}

/** Bling's balances by Bling id (products and variations), as one answer gave them. */
type Balances = ReadonlyMap<number, number | null | undefined>;

class ProductSyncError extends Error {
  override name = 'ProductSyncError';
}

/**
 * Brings Bling's products into the shop: by Bling id, or by SKU the first time a product of the
 * shop meets its Bling twin. Each product is written in its own transaction with its stock, so
 * one that fails (marked failed with the reason when the shop has it) never stops the others.
 */
export function createProductSync(deps: {
  db: Db;
  client: () => BlingClient;
  now: () => Date;
  onChange: () => void;
  stock: Pick<StockPush, 'onTheirWay' | 'settleDoubts'>;
  /** What every stock movement keeps in its transaction: low-stock and back-in-stock alerts. */
  stockWatch: StockWatch;
  /** Stores a photo brought from Bling (the panel's photo pipeline, actor null). */
  photos: { add(productId: number, bytes: Uint8Array, actor: null): Promise<unknown> };
  /** Bling's API address (its own host may serve images over http) and how photos are fetched. */
  images: ImageDownload & { apiUrl: string };
}) {
  const { db, now } = deps;

  async function markFailed(blingId: string, reason: string): Promise<void> {
    await db
      .update(blingProductLinks)
      .set({ syncStatus: 'failed', syncError: reason })
      .where(eq(blingProductLinks.blingId, blingId));
  }

  /** The shop's product of a Bling id, its row locked as every writer of a product takes it. */
  async function lockLinked(tx: Db, blingId: string) {
    const [row] = await tx
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .innerJoin(blingProductLinks, eq(blingProductLinks.productId, products.id))
      .where(eq(blingProductLinks.blingId, blingId))
      .for('update', { of: products });
    return row;
  }

  /** Bling and the shop exchanged something about the product (its stock, its removal). */
  async function touch(tx: Db, productId: number, at: Date): Promise<void> {
    await tx
      .update(blingProductLinks)
      .set({ syncedAt: at })
      .where(eq(blingProductLinks.productId, productId));
  }

  /** Whether some live variant of the product is one of Bling's variations. */
  async function hasVariationLinks(tx: Db, productId: number): Promise<boolean> {
    const [linked] = await tx
      .select({ variantId: blingVariantLinks.variantId })
      .from(blingVariantLinks)
      .innerJoin(productVariants, eq(productVariants.id, blingVariantLinks.variantId))
      .where(and(eq(productVariants.productId, productId), isNull(productVariants.retiredAt)))
      .limit(1);
    return linked !== undefined;
  }

  /**
   * A product whose variations were removed in Bling: the shop's becomes one without options,
   * its one variant of the product's SKU (kept when a live variant already has it), through the
   * catalogue's writer, which retires the variants orders or carts hold (their cart lines say
   * the product is unavailable) and deletes the rest. Their links to Bling's old variations go:
   * the stock then moves on the product's own Bling id. The caller sets the count.
   */
  async function dropVariations(tx: Db, productId: number, sku: string, at: Date): Promise<void> {
    await tx.execute(sql`
      delete from bling_variant_links
      where variant_id in (select id from product_variants where product_id = ${productId}::integer)
    `);
    const [current] = await tx
      .select({ stockQuantity: productVariants.stockQuantity })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, productId),
          isNull(productVariants.retiredAt),
          sql`upper(${productVariants.sku}) = upper(${sku})`,
        ),
      );
    try {
      await writeVariants(
        tx,
        { id: productId, sku, options: [] },
        // Its count moves next, through the stock owner, as Bling's.
        [{ sku, option_values: {}, stock_quantity: current?.stockQuantity ?? 0 }],
        at,
        deps.stockWatch,
      );
    } catch (error) {
      if (error instanceof AppError) throw new ProductSyncError(error.message);
      throw error;
    }
  }

  /** In the product's transaction: its sync failed, for `reason`. */
  async function markFailedOf(tx: Db, productId: number, reason: string): Promise<void> {
    await tx
      .update(blingProductLinks)
      .set({ syncStatus: 'failed', syncError: reason })
      .where(eq(blingProductLinks.productId, productId));
  }

  /**
   * A product sold through Bling's variations: its live variants become them (matched by the
   * link kept from an earlier sync, else by SKU) through the catalogue's writer, which retires
   * or removes those Bling no longer has; each variation's Bling id is kept, and each variant's
   * count is its variation's balance less the units on their way, as for a simple product.
   */
  async function applyVariations(
    tx: Db,
    productId: number,
    product: { sku: string; options: ProductOption[] },
    variations: BlingVariantFields[],
    balances: Balances,
    moments: { at: Date; balanceAskedAt: Date },
  ): Promise<void> {
    const { at, balanceAskedAt } = moments;
    const live = await tx
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), isNull(productVariants.retiredAt)));
    const links =
      live.length === 0
        ? []
        : await tx
            .select()
            .from(blingVariantLinks)
            .where(
              inArray(
                blingVariantLinks.variantId,
                live.map((variant) => variant.id),
              ),
            );
    const linked = new Map(links.map((link) => [link.blingId, link.variantId]));
    const byId = new Map(live.map((variant) => [variant.id, variant]));
    const bySku = new Map(live.map((variant) => [variant.sku.toUpperCase(), variant]));
    const claimed = new Set<number>();
    const writes: VariantWrite[] = variations.map((variation) => {
      const linkedId = linked.get(String(variation.blingId));
      let current = linkedId === undefined ? undefined : byId.get(linkedId);
      current ??= bySku.get(variation.sku.toUpperCase());
      if (current && claimed.has(current.id)) current = undefined;
      if (current) claimed.add(current.id);
      return {
        ...(current && { id: current.id }),
        sku: variation.sku,
        option_values: variation.optionValues,
        // Its count moves below, through the stock owner, as Bling's.
        stock_quantity: current?.stockQuantity ?? 0,
        price_cents: variation.priceCents,
        // What Bling does not decide stays the shop's.
        sale_price_cents: current?.salePriceCents ?? null,
        pix_price_cents: current?.pixPriceCents ?? null,
        weight_grams: current?.weightGrams ?? null,
        gtin: current?.gtin ?? null,
        image: current?.image ?? null,
        active: variation.active,
      };
    });
    try {
      await writeVariants(
        tx,
        { id: productId, sku: product.sku, options: product.options },
        writes,
        at,
        deps.stockWatch,
      );
    } catch (error) {
      if (error instanceof AppError) throw new ProductSyncError(error.message);
      throw error;
    }
    const written = await tx
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), isNull(productVariants.retiredAt)));
    const idOfSku = new Map(written.map((variant) => [variant.sku.toUpperCase(), variant.id]));
    const blingIds = variations.map((variation) => String(variation.blingId));
    // Links of variants Bling no longer has, and of ids now on another variant, go first.
    await tx.execute(sql`
      delete from bling_variant_links
      where variant_id in (select id from product_variants where product_id = ${productId}::integer)
        or bling_id = any(${`{${blingIds.join(',')}}`}::text[])
    `);
    const stock = createStock(tx, deps.stockWatch);
    for (const variation of variations) {
      const variantId = idOfSku.get(variation.sku.toUpperCase());
      if (variantId === undefined) continue;
      await tx
        .insert(blingVariantLinks)
        .values({ variantId, blingId: String(variation.blingId), syncedAt: at });
      const onTheirWay = await deps.stock.onTheirWay(tx, { variantId }, balanceAskedAt);
      const balance = balances.get(variation.blingId);
      await stock.set(variantId, blingStockUnits((balance ?? 0) + onTheirWay), at, 'erp');
    }
  }

  /**
   * `balance` is Bling's, asked for at `balanceAskedAt`: the shop's count is that balance less
   * the units the shop moved that it may not hold yet.
   */
  async function apply(
    listed: BlingListedProduct,
    detail: BlingProductDetail | undefined,
    balances: Balances,
    balanceAskedAt: Date,
  ): Promise<Applied> {
    const bling = blingProductFields(listed, detail);
    if (bling.name.length > NAME_MAX)
      throw new ProductSyncError(SYNC_ERRORS.nameTooLong(bling.blingId));
    const varied = detail && (detail.variacoes?.length ?? 0) > 0 ? blingVariantsOf(detail) : null;
    if (varied && !varied.ok) throw new ProductSyncError(varied.reason);
    const balance = balances.get(listed.id) ?? listed.estoque?.saldoVirtualTotal;
    const units = blingStockUnits(balance);
    const at = now();
    return db.transaction(async (tx) => {
      const [byId] = await tx
        .select({ product: products, syncStatus: blingProductLinks.syncStatus })
        .from(products)
        .innerJoin(blingProductLinks, eq(blingProductLinks.productId, products.id))
        .where(eq(blingProductLinks.blingId, bling.blingId))
        .for('update', { of: products });
      const [bySku] = byId
        ? [byId]
        : await tx
            .select({ product: products, syncStatus: blingProductLinks.syncStatus })
            .from(products)
            .leftJoin(blingProductLinks, eq(blingProductLinks.productId, products.id))
            .where(and(eq(products.sku, bling.sku), isNull(blingProductLinks.blingId)))
            .for('update', { of: products });
      const found = byId ?? bySku;
      if (found?.syncStatus === 'pending') return { outcome: 'skipped', problem: null };
      const existing = found?.product;
      if (!existing) {
        const [taken] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.sku, bling.sku));
        if (taken) throw new ProductSyncError(SYNC_ERRORS.skuTaken(bling.sku));
      }
      const category = existing ? (existing.category as CategorySlug) : guessCategory(bling.name);
      if (!category) throw new ProductSyncError(SYNC_ERRORS.category(bling.name));
      const base: ProductInput = existing
        ? inputOf(existing)
        : {
            name: bling.name,
            description: '',
            price_cents: 0,
            category,
            sku: bling.sku,
            stock_quantity: 0,
          };
      // Sold through Bling's variations until now, and Bling has none any more (the owner
      // removed them there): the shop's product loses its options, as Bling's did.
      const unvaried =
        existing !== undefined && !varied?.ok && (await hasVariationLinks(tx, existing.id));
      const blended = merged(base, bling, units, at, varied?.ok ? varied.options : null);
      const input = unvaried ? { ...blended, options: [], variations: [] } : blended;
      // The product's rows are the catalogue's: written through it, in this transaction.
      const rows = createProductRows(tx);
      const shape = { sku: input.sku.trim(), options: input.options ?? [] };
      /** The product is Bling's, as Bling has it now. */
      const link = async (productId: number) => {
        const synced = {
          blingId: bling.blingId,
          syncStatus: 'synced' as const,
          syncError: null,
          productSyncedAt: at,
          syncedAt: at,
        };
        await tx
          .insert(blingProductLinks)
          .values({ productId, ...synced })
          .onConflictDoUpdate({ target: blingProductLinks.productId, set: synced });
      };
      if (existing) {
        await rows.update(existing.id, input, at);
        await link(existing.id);
        if (varied?.ok) {
          await applyVariations(tx, existing.id, shape, varied.variants, balances, {
            at,
            balanceAskedAt,
          });
          await announceCatalogChange(tx);
          return { outcome: 'updated', problem: null };
        }
        if (unvaried) await dropVariations(tx, existing.id, shape.sku, at);
        const onTheirWay = await deps.stock.onTheirWay(
          tx,
          { productId: existing.id },
          balanceAskedAt,
        );
        // Through the stock owner, under the row lock orders take; Bling's own count is not
        // sent back to it.
        const counted = blingStockUnits((balance ?? 0) + onTheirWay);
        const set = await createStock(tx, deps.stockWatch).setProduct(
          existing.id,
          counted,
          at,
          'erp',
        );
        await announceCatalogChange(tx);
        if (set) return { outcome: 'updated', problem: null };
        // Variants of the shop's own, none of them Bling's: one balance has no variant to go to.
        const problem = SYNC_ERRORS.balanceNotApplied(shape.sku, counted);
        await markFailedOf(tx, existing.id, problem);
        return { outcome: 'updated', problem };
      }
      // A simple product is one variant with its SKU and Bling's count; Bling's variations are
      // written next.
      const id = await rows.insert(input, at, { variantsAfter: varied?.ok === true });
      await link(id);
      if (varied?.ok) {
        await applyVariations(tx, id, shape, varied.variants, balances, { at, balanceAskedAt });
      }
      await announceCatalogChange(tx);
      return { outcome: 'created', problem: null };
    });
  }

  /**
   * A product that has no photo in the shop gets Bling's (the first few), through the same
   * pipeline as the panel's uploads: checked by their bytes, stored as WebP. A photo that cannot
   * be brought is reported; the product stays.
   */
  async function importPhotos(
    listed: BlingListedProduct,
    detail: BlingProductDetail | undefined,
  ): Promise<string[]> {
    const [row] = await db
      .select({ id: products.id, images: products.images })
      .from(products)
      .innerJoin(blingProductLinks, eq(blingProductLinks.productId, products.id))
      .where(eq(blingProductLinks.blingId, String(listed.id)));
    if (!row || row.images.length > 0) return [];
    const links = [
      ...(detail?.midia?.imagens?.externas ?? []).map((image) => image.link),
      ...(listed.imagemURL ? [listed.imagemURL] : []),
    ];
    const problems: string[] = [];
    for (const link of [...new Set(links)].slice(0, PHOTOS_BROUGHT)) {
      const url = importableImageUrl(link, deps.images.apiUrl);
      if (!url) {
        problems.push(SYNC_ERRORS.photo(listed.nome, 'endereço não permitido'));
        continue;
      }
      try {
        await deps.photos.add(row.id, await downloadImage(url, deps.images), null);
      } catch (error) {
        problems.push(
          SYNC_ERRORS.photo(listed.nome, error instanceof Error ? error.message : String(error)),
        );
      }
    }
    return problems;
  }

  /** Reads one item of a page; an unreadable one is reported with its id when it has one. */
  function readListed(
    item: unknown,
  ):
    | { ok: true; product: BlingListedProduct }
    | { ok: false; failedId: string | null; why: string } {
    const parsed = blingListedProduct.safeParse(item);
    if (parsed.success) return { ok: true, product: parsed.data };
    const rawId = (item as { id?: unknown } | null)?.id;
    return {
      ok: false,
      failedId: typeof rawId === 'number' || typeof rawId === 'string' ? String(rawId) : null,
      why: parsed.error.issues[0]?.message ?? 'formato inesperado',
    };
  }

  /** Bling's current word on one product (a webhook's re-read); a variation reads its parent. */
  async function one(blingId: number): Promise<Outcome | 'failed'> {
    const client = deps.client();
    let detail = await client.getProduct(blingId);
    if (detail.idProdutoPai) detail = await client.getProduct(detail.idProdutoPai);
    const askedAt = now();
    const variationIds = (detail.variacoes ?? []).map((variation) => variation.id);
    const balances = new Map(
      (await client.stockBalances([detail.id, ...variationIds])).map((b) => [
        b.produto.id,
        b.saldoVirtualTotal,
      ]),
    );
    try {
      const { outcome, problem } = await apply(
        detail,
        detail.formato === 'V' ? detail : undefined,
        balances,
        askedAt,
      );
      if (outcome !== 'skipped') {
        await importPhotos(detail, detail.formato === 'V' ? detail : undefined);
        deps.onChange();
      }
      // Written, but Bling's balance was not: the product is marked failed with the reason.
      return problem ? 'failed' : outcome;
    } catch (error) {
      if (!(error instanceof ProductSyncError)) throw error;
      await markFailed(String(detail.id), error.message);
      return 'failed';
    }
  }

  /** Bling's balance of one product, read again and set as the shop's count. */
  async function stockOf(blingId: number): Promise<boolean> {
    const askedAt = now();
    const [balance] = await deps.client().stockBalances([blingId]);
    if (!balance) return false;
    const at = now();
    const changed = await db.transaction(async (tx) => {
      // One of Bling's variations: its variant's count.
      const [link] = await tx
        .select({ variantId: blingVariantLinks.variantId, productId: productVariants.productId })
        .from(blingVariantLinks)
        .innerJoin(productVariants, eq(productVariants.id, blingVariantLinks.variantId))
        .where(eq(blingVariantLinks.blingId, String(blingId)));
      if (link) {
        const onTheirWay = await deps.stock.onTheirWay(tx, { variantId: link.variantId }, askedAt);
        await createStock(tx, deps.stockWatch).set(
          link.variantId,
          blingStockUnits((balance.saldoVirtualTotal ?? 0) + onTheirWay),
          at,
          'erp',
        );
        await tx
          .update(blingVariantLinks)
          .set({ syncedAt: at })
          .where(eq(blingVariantLinks.variantId, link.variantId));
        await touch(tx, link.productId, at);
        await announceCatalogChange(tx);
        return true;
      }
      const row = await lockLinked(tx, String(blingId));
      if (!row) return false;
      const onTheirWay = await deps.stock.onTheirWay(tx, { productId: row.id }, askedAt);
      const counted = blingStockUnits((balance.saldoVirtualTotal ?? 0) + onTheirWay);
      if (!(await createStock(tx, deps.stockWatch).setProduct(row.id, counted, at, 'erp'))) {
        // Variants of the shop's own, none of them Bling's: the owner is told, not left guessing.
        await markFailedOf(tx, row.id, SYNC_ERRORS.balanceNotApplied(row.sku, counted));
        return false;
      }
      await touch(tx, row.id, at);
      await announceCatalogChange(tx);
      return true;
    });
    if (changed) deps.onChange();
    return changed;
  }

  /**
   * A product deleted in Bling leaves the shop (retired: orders keep it). A deleted variation
   * is its parent's change: the parent is read again and the variant goes with it.
   */
  async function retire(blingId: number): Promise<boolean> {
    const [variation] = await db
      .select({ parent: blingProductLinks.blingId })
      .from(blingVariantLinks)
      .innerJoin(productVariants, eq(productVariants.id, blingVariantLinks.variantId))
      .innerJoin(blingProductLinks, eq(blingProductLinks.productId, productVariants.productId))
      .where(eq(blingVariantLinks.blingId, String(blingId)));
    if (variation?.parent) {
      const outcome = await one(Number(variation.parent));
      return outcome !== 'skipped' && outcome !== 'failed';
    }
    const at = now();
    const changed = await db.transaction(async (tx) => {
      const row = await lockLinked(tx, String(blingId));
      if (!row) return false;
      await createProductRows(tx).retire(row.id, at);
      await touch(tx, row.id, at);
      await announceCatalogChange(tx);
      return true;
    });
    if (changed) deps.onChange();
    return changed;
  }

  return {
    one,
    stockOf,
    retire,
    /**
     * Every product of Bling, 100 a page, with its stock balance (one call per page) and, for a
     * product with variations, its detail. Stops early only when Bling itself fails (the run is
     * then reported as stopped, and what was written stays written).
     */
    async full(options: { changedSince?: string } = {}): Promise<BlingSyncSummary> {
      const summary = emptySummary(options.changedSince ? 'incremental' : 'full');
      const fail = async (blingId: string | null, reason: string) => {
        summary.failed += 1;
        if (summary.errors.length < ERRORS_KEPT) summary.errors.push(reason);
        if (blingId) await markFailed(blingId, reason);
      };
      const client = deps.client();
      let changed = false;
      try {
        for (let page = 1; ; page += 1) {
          const items = await client.listProducts(page, options.changedSince);
          if (items.length === 0) break;
          const listed: BlingListedProduct[] = [];
          for (const item of items) {
            const read = readListed(item);
            if (!read.ok) {
              await fail(read.failedId, SYNC_ERRORS.unreadable(read.failedId ?? '?', read.why));
            } else if (!read.product.idProdutoPai) {
              // A variation belongs to its parent's detail, not to the shop's list.
              listed.push(read.product);
            }
          }
          const askedAt = now();
          const balances = new Map(
            (await client.stockBalances(listed.map((p) => p.id))).map((b) => [
              b.produto.id,
              b.saldoVirtualTotal,
            ]),
          );
          for (const product of listed) {
            const blingId = String(product.id);
            try {
              const detail =
                product.formato === 'V' ? await client.getProduct(product.id) : undefined;
              const variationIds = (detail?.variacoes ?? []).map((variation) => variation.id);
              // Each variation's balance, asked for with its detail.
              const variationsAskedAt = now();
              const ofVariations =
                variationIds.length === 0 ? [] : await client.stockBalances(variationIds);
              const all = new Map(balances);
              for (const b of ofVariations) all.set(b.produto.id, b.saldoVirtualTotal);
              const { outcome, problem } = await apply(
                product,
                detail,
                all,
                variationIds.length === 0 ? askedAt : variationsAskedAt,
              );
              changed ||= outcome !== 'skipped';
              if (problem) {
                // Its data was written; the product is marked failed for its balance.
                summary.failed += 1;
                if (summary.errors.length < ERRORS_KEPT) summary.errors.push(problem);
              } else {
                summary[outcome] += 1;
              }
              if (outcome !== 'skipped') {
                for (const problem of await importPhotos(product, detail)) {
                  if (summary.errors.length < ERRORS_KEPT) summary.errors.push(problem);
                }
              }
            } catch (error) {
              if (
                error instanceof ProductSyncError ||
                error instanceof BlingShapeError ||
                error instanceof BlingRequestError
              ) {
                await fail(blingId, error.message);
                continue;
              }
              throw error;
            }
          }
          if (items.length < 100) break;
        }
      } catch (error) {
        // Bling unreachable, over its limits or refusing the shop: what was done stays done.
        summary.stopped = stopReason(error);
      }
      if (changed) deps.onChange();
      return summary;
    },
  };
}

export type ProductSync = ReturnType<typeof createProductSync>;
