import { useState } from 'react';
import { discountPercent, pixPriceCents } from '@lumina/shared/catalog/pricing';
import type { ProductDto } from '@lumina/shared/catalog/product';
import {
  optionValueState,
  VARIANT_QUERY_PARAM,
  variationDetailsOf,
} from '@lumina/shared/catalog/variants';
import { instalmentsText } from '@lumina/shared/payments/card-instalments';
import { formatBRL } from '@lumina/shared/format/money';
import { pixDiscountNote } from '@lumina/shared/storefront/money-texts';
import { ChatIcon, PixIcon } from '../../../components/icons.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useStore, whatsappChatUrl } from '../../../lib/store-settings.ts';
import { clampQuantity } from '../utils/clamp-quantity.ts';
import { stockText, type StockTone } from '../utils/stock-text.ts';
import { whatsappMessage } from '../utils/whatsapp-message.ts';
import { cheapestVariant } from '../utils/variant-choice.ts';
import { percentPromotion, promotionPriceCents } from '../utils/promotion-price.ts';
import { AddToCartButton, availabilityOf } from './add-to-cart-button.tsx';
import { OptionGroup } from './option-group.tsx';
import { QuantityControl } from './quantity-control.tsx';
import { ShippingBox } from './shipping-box.tsx';
import { StockAlertForm } from './stock-alert-form.tsx';
import type { VariantChoice } from './use-variant-choice.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** 'Diâmetro', 'Diâmetro e de Cor', 'Diâmetro, de Comprimento e de Cor' */
function listText(names: string[]): string {
  const [first, ...rest] = names;
  if (rest.length === 0) return first ?? '';
  return `${[first, ...rest.slice(0, -1).map((name) => `de ${name}`)].join(', ')} e de ${rest[rest.length - 1] ?? ''}`;
}

/**
 * What the shopper is told on buying without a complete choice. The option names are the
 * shop's own (capitalised, some with a gender, some not), so the sentence needs no article.
 */
function chooseMessage(missing: string[]): string {
  return `Selecione uma opção de ${listText(missing)}.`;
}

const stockTone: Record<StockTone, string> = {
  ok: 'text-success',
  low: 'text-gold-700',
  out: 'text-sale',
  inactive: 'text-ink-600',
};

/**
 * Options, prices, quantity, total and the ways to buy (spec 000, Product detail). Prices, stock
 * and the quantity's limit are the chosen variant's (`choice.view`); before a complete choice,
 * the product's.
 */
export function ProductPurchase({
  product,
  choice,
}: {
  product: ProductDto;
  choice: VariantChoice;
}) {
  const hydrated = useHydrated();
  const { chosen, variant, view } = choice;
  const available = availabilityOf(view) === 'available';
  const [quantity, setQuantity] = useState(1);
  const [askedToChoose, setAskedToChoose] = useState(false);

  // Before a full choice, the variants' prices differ: the cheapest, said 'a partir de'.
  const fromPrice = !variant && cheapestVariant(product) !== undefined;
  const stock = stockText(view);
  const store = useStore();
  // Until the settings arrive the PIX price is not known: none is shown rather than a wrong one.
  const pixCents = store ? pixPriceCents(view, store) : null;
  // The discount the PIX price gives: the settings' own, or what an explicit PIX price saves.
  const pixNote =
    store && pixCents !== null
      ? pixDiscountNote({
          pix_discount_percent:
            view.pix_price_cents === null
              ? store.pix_discount_percent
              : discountPercent(view.price_cents, pixCents),
        })
      : null;
  // An automatic promotion the cart applies on top of the PIX price (its conditions, such as a
  // minimum order, in its description).
  const promotion = percentPromotion(product.promotion);
  const units = clampQuantity(quantity, view.stock_quantity);
  const instalments = store ? instalmentsText(view.price_cents, store) : null;
  const totalInstalments = store ? instalmentsText(view.price_cents * units, store) : null;

  const chosenPairs: [string, string][] = product.options.flatMap((option) => {
    const value = chosen[option.name];
    return value === undefined ? [] : [[option.name, value] as [string, string]];
  });
  const missing = product.options
    .filter((option) => chosen[option.name] === undefined)
    .map((option) => option.name);

  // The page's own address once in the browser; the server's HTML, which the first render must
  // match, names the path only.
  const origin = hydrated ? window.location.origin : '';
  // No WhatsApp in the shop's settings: no button, rather than a number nobody answers.
  const whatsappHref = whatsappChatUrl(
    store,
    whatsappMessage({
      productName: product.name,
      sku: view.sku,
      url: `${origin}/produto/${product.id}${
        variant && product.options.length > 0
          ? `?${VARIANT_QUERY_PARAM}=${encodeURIComponent(variant.sku)}`
          : ''
      }`,
      options: chosenPairs,
      quantity: units,
      pixTotalCents: pixCents === null ? null : pixCents * units,
    }),
  );

  return (
    <div className="flex flex-col gap-5">
      <p className={cn('text-sm font-semibold', stockTone[stock.tone])}>{stock.text}</p>

      <div className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-ink-900/10">
        <p className="text-3xl font-bold text-ink-900 tabular-nums">
          {fromPrice ? (
            <span className="mr-2 text-base font-normal text-ink-700">a partir de </span>
          ) : null}
          {formatBRL(view.price_cents)}
        </p>
        {instalments ? <p className="text-sm text-ink-700">{instalments}</p> : null}
        {pixCents === null ? null : (
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-success">
            <PixIcon className="size-5" />
            <span className="text-xl font-bold tabular-nums">{formatBRL(pixCents)}</span>
            <span className="text-sm font-medium">no PIX{pixNote ? ` (${pixNote})` : ''}</span>
          </p>
        )}
        {promotion ? (
          <div className="mt-2 flex flex-col gap-0.5 rounded-xl bg-cream-100 p-3 text-sm">
            <p className="font-semibold text-ink-900">{promotion.name}</p>
            {pixCents === null ? null : (
              <p className="text-success">
                <strong className="tabular-nums">
                  {formatBRL(promotionPriceCents(pixCents, promotion.percent))}
                </strong>{' '}
                no PIX com a promoção
              </p>
            )}
            <p className="text-xs leading-relaxed text-ink-600">{promotion.description}</p>
          </div>
        ) : null}
      </div>

      {product.options.map((option) => (
        <OptionGroup
          key={option.name}
          label={option.name}
          values={option.values}
          value={chosen[option.name] ?? null}
          onChange={(value) => choice.choose(option.name, value)}
          stateOf={(value) =>
            optionValueState(product.options, product.variants, chosen, option.name, value)
          }
          disabled={!product.active}
          invalid={askedToChoose && chosen[option.name] === undefined}
        />
      ))}

      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <QuantityControl
          value={units}
          max={view.stock_quantity}
          onChange={setQuantity}
          disabled={!available}
        />
        <div aria-live="polite" className="text-sm text-ink-700">
          {pixCents === null ? null : (
            <p>
              {/* The promotion comes off in the cart, where its conditions (a minimum order) are
              known: this total is without it, and says so. */}
              {promotion ? 'Total no PIX sem a promoção:' : 'Total no PIX:'}{' '}
              <strong className="text-lg text-ink-900 tabular-nums">
                {formatBRL(pixCents * units)}
              </strong>
            </p>
          )}
          {totalInstalments ? (
            <p>
              ou {formatBRL(view.price_cents * units)} em {totalInstalments}
            </p>
          ) : null}
        </div>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <AddToCartButton
          product={view}
          chosenVariant={variant}
          quantity={units}
          variation={variant ? variationDetailsOf(variant.option_values, product.options) : {}}
          onBeforeAdd={() => {
            setAskedToChoose(true);
            return missing.length === 0 && variant !== undefined;
          }}
          onAdjust={setQuantity}
          label="Comprar"
          size="lg"
          className="sm:flex-1"
        />
        {whatsappHref ? (
          <a
            href={whatsappHref}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'outline', size: 'lg', className: 'sm:flex-1' })}
          >
            <ChatIcon className="size-5" />
            {available ? 'Comprar pelo WhatsApp' : 'Consultar pelo WhatsApp'}
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        ) : null}
      </div>
      {askedToChoose && missing.length > 0 ? (
        <p role="alert" className="-mt-2 text-sm font-medium text-sale">
          {chooseMessage(missing)}
        </p>
      ) : null}
      {/* A variant on sale but sold out: the shopper may wait for it ('inactive' may not). */}
      {variant && availabilityOf(view) === 'sold-out' ? (
        <StockAlertForm key={variant.id} variantId={variant.id} />
      ) : null}
      <ShippingBox productId={product.id} quantity={units} />
    </div>
  );
}
