import type { WishlistItemJson } from '@lumina/shared/cart/cart-schemas';
import { formatBRL } from '@lumina/shared/format/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { requestAddToCart } from '../../../lib/cart/cart-events.ts';
import { toCartProduct } from '../model/wishlist-cart-product.ts';

const cents = (reais: number) => Math.round(reais * 100);

export interface WishlistItemCardProps {
  item: WishlistItemJson;
  onRemove: () => void;
}

/**
 * One saved product: picture, name, price, 'Adicionar ao carrinho' (or 'Escolher opções' for a
 * product with options) and 'Remover'.
 */
export function WishlistItemCard({ item, onRemove }: WishlistItemCardProps) {
  const [adding, setAdding] = useState(false);
  const href = `/produto/${item.product_id}`;
  const headingId = `desejo-${item.product_id}-titulo`;
  const unavailable = !item.active ? 'Indisponível' : item.stock <= 0 ? 'Esgotado' : null;
  const pixCents = cents(item.pix_price);
  const priceCents = cents(item.price);

  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full gap-4 rounded-2xl border border-ink-300 bg-white p-4"
    >
      <Link
        to={href}
        tabIndex={-1}
        className="size-24 shrink-0 overflow-hidden rounded-xl bg-cream-100"
      >
        {item.image ? (
          <img
            src={item.image}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 id={headingId} className="font-medium break-words text-ink-900">
          <Link to={href} className="rounded-sm hover:text-gold-700">
            {item.name}
          </Link>
        </h3>
        <p className="mt-1 text-lg font-bold text-ink-900 tabular-nums">{formatBRL(priceCents)}</p>
        {pixCents < priceCents ? (
          <p className="text-xs font-medium text-success">{formatBRL(pixCents)} no PIX</p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-3">
          {unavailable ? (
            <Button size="sm" disabled>
              {unavailable}
            </Button>
          ) : item.has_options ? (
            // Which diameter or colour is a choice the product page makes, with each one's stock.
            <Link
              to={href}
              aria-label={`Escolher opções: ${item.name}`}
              className={buttonClasses({ size: 'sm' })}
            >
              Escolher opções
            </Link>
          ) : (
            <Button
              size="sm"
              aria-label={`${adding ? 'Adicionando' : 'Adicionar ao carrinho'}: ${item.name}`}
              aria-disabled={adding}
              onClick={() => {
                if (adding) return;
                setAdding(true);
                requestAddToCart({
                  product: toCartProduct(item),
                  quantity: 1,
                  variation: {},
                  onSettled: () => setAdding(false),
                });
              }}
            >
              {adding ? 'Adicionando...' : 'Adicionar ao carrinho'}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="text-sale"
            aria-label={`Remover ${item.name} da lista de desejos`}
            onClick={onRemove}
          >
            Remover
          </Button>
        </div>
      </div>
    </article>
  );
}
