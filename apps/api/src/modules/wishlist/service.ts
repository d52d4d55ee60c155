import {
  CART_INPUT_MESSAGES,
  WISHLIST_MESSAGES,
  type WishlistItemJson,
} from '@lumina/shared/cart/cart-schemas';
import type { PriceRules } from '@lumina/shared/catalog/pricing';
import { centsToReais } from '@lumina/shared/format/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { parsePathId } from '../../http/path-id.ts';
import { rowPixPriceCents } from '../catalog/product-dto.ts';
import { createWishlistRepository, type WishlistRow } from './repository.ts';

/** Not in the spec: a bound on one account's wishlist, far above any real list. */
export const MAX_WISHLIST_ITEMS = 200;

function notFound(): AppError {
  return new AppError('not_found', WISHLIST_MESSAGES.notFound, { code: 'wishlist_item_not_found' });
}

export function parseWishlistId(raw: string): number {
  const id = parsePathId(raw);
  if (id === undefined) throw notFound();
  return id;
}

function toJson(row: WishlistRow, rules: PriceRules): WishlistItemJson {
  return {
    id: row.id,
    product_id: row.productId,
    added_at: row.addedAt.toISOString(),
    name: row.name,
    price: centsToReais(row.priceCents),
    pix_price: centsToReais(rowPixPriceCents(row, rules)),
    image: row.images[0] ?? null,
    sku: row.sku,
    stock: row.stockQuantity,
    active: row.active,
    has_options: row.hasOptions,
  };
}

export function createWishlistService(deps: {
  db: Db;
  now: () => Date;
  /** The store settings' price rules now (`storeSettings`): the PIX prices listed follow them. */
  priceRules: () => PriceRules;
}) {
  const repository = createWishlistRepository(deps.db);

  return {
    async list(userId: number): Promise<WishlistItemJson[]> {
      const rules = deps.priceRules();
      return (await repository.list(userId)).map((row) => toJson(row, rules));
    },

    async add(userId: number, productId: number): Promise<WishlistItemJson> {
      if (!(await repository.productExists(productId))) {
        throw new AppError('not_found', CART_INPUT_MESSAGES.productNotFound, {
          code: 'product_not_found',
        });
      }
      if ((await repository.count(userId)) >= MAX_WISHLIST_ITEMS) {
        throw new AppError('conflict', WISHLIST_MESSAGES.addFailed, { code: 'wishlist_full' });
      }
      const id = await repository.insert(userId, productId, deps.now());
      // Undefined: the product is already listed (the unique index decides, also for twins).
      if (id === undefined) throw duplicate();
      const row = await repository.find(userId, id);
      if (!row) throw notFound();
      return toJson(row, deps.priceRules());
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repository.remove(userId, id))) throw notFound();
    },
  };
}

function duplicate(): AppError {
  return new AppError('conflict', WISHLIST_MESSAGES.duplicate, { code: 'wishlist_duplicate' });
}

export type WishlistService = ReturnType<typeof createWishlistService>;
