import type { WishlistItemJson } from '@lumina/shared/cart/cart-schemas';
import { WISHLIST_MESSAGES } from '@lumina/shared/cart/wishlist-messages';
import { pixPriceCents } from '@lumina/shared/catalog/pricing';
import type { ProductDto } from '@lumina/shared/catalog/product';
import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import { ApiError, apiClientHooks, apiRequest } from '../api-client.ts';
import { storeOf } from '../store-settings.ts';
import { notify } from '../ui-events.ts';
import { LOCAL_WISHLIST_KEY, readLocalWishlist, type LocalWishlistItem } from './local-wishlist.ts';
import { wishlistKey, type WishlistEntry } from './wishlist-key.ts';

/**
 * Every change to a wishlist: a visitor's in this browser; a signed-in user's through POST and
 * DELETE /api/wishlist, shown at once and undone with the spec's message if the server refuses;
 * and the push of the browser's list after login. Loaded on first use (see use-wishlist.ts).
 */

/** Products with a call on its way: another click on the same heart waits for it to settle. */
const busy = new Set<number>();

type Items = WishlistEntry[] | undefined;

function isDuplicate(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'wishlist_duplicate';
}

function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Stores a visitor's list and shows it. */
function setLocal(client: QueryClient, items: LocalWishlistItem[]): void {
  try {
    if (items.length > 0) localStorage.setItem(LOCAL_WISHLIST_KEY, JSON.stringify(items));
    else localStorage.removeItem(LOCAL_WISHLIST_KEY);
  } catch {
    // Storage blocked or full: the list lasts as long as the page.
  }
  client.setQueryData(wishlistKey(0), items);
}

function toggleLocal(client: QueryClient, product: ProductDto, pressed: boolean): void {
  const items = readLocalWishlist().filter((item) => item.product_id !== product.id);
  if (!pressed) {
    items.push({
      id: Date.now(),
      product_id: product.id,
      added_at: new Date().toISOString(),
      name: product.name,
      price: product.price_cents / 100,
      image: product.images[0] ?? null,
      sku: product.sku,
    });
    // A user list cached before a logout would skip the push at the next login: drop it.
    client.removeQueries({ queryKey: ['wishlist'], predicate: (q) => q.queryKey[1] !== 0 });
  }
  setLocal(client, items);
}

/** The heart's click; `userId` 0 is a visitor (or a session still being restored). */
export async function toggleProduct(
  client: QueryClient,
  userId: number,
  product: ProductDto,
  pressed: boolean,
): Promise<void> {
  if (userId === 0) return toggleLocal(client, product, pressed);
  await (pressed ? removeProduct(client, userId, product.id) : addProduct(client, userId, product));
}

/** What the heart and the tab show until the server answers with the real item. */
function optimisticItem(client: QueryClient, product: ProductDto): WishlistItemJson {
  const store = storeOf(client);
  return {
    id: -product.id,
    product_id: product.id,
    added_at: new Date().toISOString(),
    name: product.name,
    price: product.price_cents / 100,
    // The server's answer replaces it; until then no discount the settings may not give.
    pix_price: (store ? pixPriceCents(product, store) : product.price_cents) / 100,
    image: product.images[0] ?? null,
    sku: product.sku,
    stock: product.stock_quantity,
    active: product.active,
    has_options: product.options.length > 0,
  };
}

async function postItem(productId: number): Promise<WishlistItemJson> {
  const answer = await apiRequest<{ item: WishlistItemJson }>('/wishlist', {
    method: 'POST',
    body: { product_id: productId },
  });
  return answer.item;
}

export async function addProduct(
  client: QueryClient,
  userId: number,
  product: ProductDto,
): Promise<void> {
  if (busy.has(product.id)) return;
  busy.add(product.id);
  const key = wishlistKey(userId);
  await client.cancelQueries({ queryKey: key });
  const placeholder = optimisticItem(client, product);
  client.setQueryData<WishlistEntry[]>(key, (items: Items) => [placeholder, ...(items ?? [])]);
  try {
    const created = await postItem(product.id);
    client.setQueryData<WishlistEntry[]>(key, (items: Items) =>
      (items ?? []).map((item) => (item === placeholder ? created : item)),
    );
  } catch (error) {
    if (isDuplicate(error)) {
      // Added meanwhile (another tab): it is listed, so the heart stays pressed.
      notify(WISHLIST_MESSAGES.duplicate, 'info');
    } else {
      client.setQueryData<WishlistEntry[]>(key, (items: Items) =>
        (items ?? []).filter((item) => item !== placeholder),
      );
      notify(WISHLIST_MESSAGES.addFailed, 'error');
    }
    void client.invalidateQueries({ queryKey: key });
  } finally {
    busy.delete(product.id);
  }
}

export async function removeProduct(
  client: QueryClient,
  userId: number,
  productId: number,
): Promise<void> {
  const key = wishlistKey(userId);
  const item = client
    .getQueryData<WishlistEntry[]>(key)
    ?.find((entry) => entry.product_id === productId);
  // A negative id is an add still on its way (busy): the click waits for it to settle.
  if (!item || item.id < 0 || busy.has(productId)) return;
  busy.add(productId);
  await client.cancelQueries({ queryKey: key });
  client.setQueryData<WishlistEntry[]>(key, (items: Items) =>
    (items ?? []).filter((entry) => entry !== item),
  );
  try {
    await apiRequest(`/wishlist/${item.id}`, { method: 'DELETE' });
  } catch (error) {
    // 404: already gone (removed in another tab); the list is right as it is.
    if (!isGone(error)) {
      client.setQueryData<WishlistEntry[]>(key, (items: Items) =>
        (items ?? []).includes(item) ? items : [item, ...(items ?? [])],
      );
      notify(WISHLIST_MESSAGES.removeFailed, 'error');
      void client.invalidateQueries({ queryKey: key });
    }
  } finally {
    busy.delete(productId);
  }
}

/**
 * A signed-in user's list: first the browser's list goes to the server and leaves the browser
 * (spec 000 §4, "on login"), then GET /api/wishlist. An item the server already has (409) or no
 * longer sells (404) counts as pushed; one that failed otherwise (offline) stays in the browser
 * for the next read.
 */
export async function fetchWishlist({ client }: QueryFunctionContext): Promise<WishlistItemJson[]> {
  // Signed out since the read began (it waits for this module first, and "Sair" may come in
  // between): the request would go out anonymous and only meet a 401. The visitor's own list is
  // another query, so this stale one gives nothing.
  if (apiClientHooks.accessToken() === null) return [];
  const local = readLocalWishlist();
  const pushed = new Set<number>();
  for (const item of local) {
    try {
      await postItem(item.product_id);
      pushed.add(item.product_id);
    } catch (error) {
      if (isDuplicate(error) || isGone(error)) pushed.add(item.product_id);
    }
  }
  const answer = await apiRequest<{ wishlist: { items: WishlistItemJson[] } }>('/wishlist');
  if (pushed.size > 0) {
    setLocal(
      client,
      readLocalWishlist().filter((item) => !pushed.has(item.product_id)),
    );
  }
  return answer.wishlist.items;
}
