import { useId, useState } from 'react';
import type { VariationDetails } from '@lumina/shared/cart/cart-schemas';
import { discountPercent, pixPriceCents } from '@lumina/shared/catalog/pricing';
import type { ProductDto } from '@lumina/shared/catalog/product';
import {
  COLOUR_MAX_LENGTH,
  PIX_DISCOUNT_PERCENT,
} from '@lumina/shared/constants/storefront-constants';
import { instalmentsText } from '@lumina/shared/payments/card-instalments';
import { formatBRL } from '@lumina/shared/format/money';
import { ChatIcon, PixIcon } from '../../../components/icons.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { whatsappUrl } from '../../../lib/store-info.ts';
import { clampQuantity } from '../utils/clamp-quantity.ts';
import { stockText, type StockTone } from '../utils/stock-text.ts';
import { whatsappMessage } from '../utils/whatsapp-message.ts';
import { AddToCartButton, availabilityOf } from './add-to-cart-button.tsx';
import { OptionGroup } from './option-group.tsx';
import { QuantityControl } from './quantity-control.tsx';
import { ShippingBox } from './shipping-box.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** 'Tamanho', 'Tamanho e Medida', 'Tamanho, Medida e Cor' */
function listText(names: string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1] ?? ''}`;
}

/**
 * The cart knows size, measure and colour (spec 000 §7): the other option kinds ("Pedra"...) and
 * the typed colour share the colour's 50 characters, e.g. 'Dourado, Pedra: Safira'.
 */
function cartVariation(
  size: string | null,
  measure: string | null,
  chosen: Record<string, string | null>,
  colour: string,
): VariationDetails {
  const colourParts = Object.entries(chosen).flatMap(([name, value]) =>
    !value ? [] : [name === 'Cor' ? value : `${name}: ${value}`],
  );
  if (colour.trim()) colourParts.push(colour.trim());
  const color = colourParts
    .join(', ')
    .slice(0, COLOUR_MAX_LENGTH)
    .replace(/[\uD800-\uDBFF]$/, '');
  return {
    ...(size ? { size } : {}),
    ...(measure ? { measure } : {}),
    ...(color ? { color } : {}),
  };
}

const stockTone: Record<StockTone, string> = {
  ok: 'text-success',
  low: 'text-gold-700',
  out: 'text-sale',
  inactive: 'text-ink-600',
};

/** Options, prices, quantity, total and the ways to buy (spec 000, Product detail). */
export function ProductPurchase({ product }: { product: ProductDto }) {
  const hydrated = useHydrated();
  const colourId = useId();
  const colourHintId = useId();
  const available = availabilityOf(product) === 'available';
  const onlyOption = (options: string[]) => (options.length === 1 ? (options[0] ?? null) : null);

  const [size, setSize] = useState<string | null>(onlyOption(product.sizes));
  const [measure, setMeasure] = useState<string | null>(onlyOption(product.measures));
  const [variations, setVariations] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(product.variations.map((v) => [v.name, onlyOption(v.options)])),
  );
  const [colour, setColour] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [askedToChoose, setAskedToChoose] = useState(false);

  const stock = stockText(product);
  const pixCents = pixPriceCents(product);
  const pixPercent =
    product.pix_price_cents === null
      ? PIX_DISCOUNT_PERCENT
      : discountPercent(product.price_cents, pixCents);
  const units = clampQuantity(quantity, product.stock_quantity);
  const instalments = instalmentsText(product.price_cents);
  const totalInstalments = instalmentsText(product.price_cents * units);

  const chosen: [string, string][] = [];
  if (size) chosen.push(['Tamanho', size]);
  if (measure) chosen.push(['Medida', measure]);
  for (const [name, value] of Object.entries(variations)) if (value) chosen.push([name, value]);
  if (colour.trim()) chosen.push(['Cor', colour.trim()]);

  const missing = [
    ...(product.sizes.length > 0 && !size ? ['Tamanho'] : []),
    ...(product.measures.length > 0 && !measure ? ['Medida'] : []),
    ...product.variations
      .filter((v) => v.options.length > 0 && !variations[v.name])
      .map((v) => v.name),
  ];

  // The page's own address once in the browser; the server's HTML, which the first render must
  // match, names the path only.
  const origin = hydrated ? window.location.origin : '';
  const whatsappHref = whatsappUrl(
    whatsappMessage({
      productName: product.name,
      sku: product.sku,
      url: `${origin}/produto/${product.id}`,
      options: chosen,
      quantity: units,
      pixTotalCents: pixCents * units,
    }),
  );

  return (
    <div className="flex flex-col gap-5">
      <p className={cn('text-sm font-semibold', stockTone[stock.tone])}>{stock.text}</p>

      <div className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-ink-900/10">
        <p className="text-3xl font-bold text-ink-900 tabular-nums">
          {formatBRL(product.price_cents)}
        </p>
        {instalments ? <p className="text-sm text-ink-700">{instalments}</p> : null}
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-success">
          <PixIcon className="size-5" />
          <span className="text-xl font-bold tabular-nums">{formatBRL(pixCents)}</span>
          <span className="text-sm font-medium">no PIX ({pixPercent}% de desconto)</span>
        </p>
      </div>

      {product.sizes.length > 0 ? (
        <OptionGroup
          label="Tamanho"
          options={product.sizes}
          value={size}
          onChange={setSize}
          disabled={!available}
        />
      ) : null}
      {product.measures.length > 0 ? (
        <OptionGroup
          label="Medida"
          options={product.measures}
          value={measure}
          onChange={setMeasure}
          disabled={!available}
        />
      ) : null}
      {product.variations.map((variation) => (
        <OptionGroup
          key={variation.name}
          label={variation.name}
          options={variation.options}
          value={variations[variation.name] ?? null}
          onChange={(value) =>
            setVariations((current) => ({ ...current, [variation.name]: value }))
          }
          disabled={!available}
        />
      ))}

      <div className="flex flex-col gap-1">
        <label htmlFor={colourId} className="text-sm font-medium text-ink-700">
          Cor (nome ou código, opcional)
        </label>
        <input
          id={colourId}
          value={colour}
          maxLength={COLOUR_MAX_LENGTH}
          onChange={(event) => setColour(event.target.value.slice(0, COLOUR_MAX_LENGTH))}
          aria-describedby={colourHintId}
          placeholder="Ex.: dourado, rose, #D4AD55"
          disabled={!available}
          className="h-11 rounded-full border border-ink-300 bg-white px-4 text-base text-ink-900 placeholder:text-ink-600 disabled:opacity-60 sm:text-sm"
        />
        <p id={colourHintId} className="text-xs text-ink-600">
          {colour.length}/{COLOUR_MAX_LENGTH} caracteres
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <QuantityControl
          value={units}
          max={product.stock_quantity}
          onChange={setQuantity}
          disabled={!available}
        />
        <div aria-live="polite" className="text-sm text-ink-700">
          <p>
            Total no PIX:{' '}
            <strong className="text-lg text-ink-900 tabular-nums">
              {formatBRL(pixCents * units)}
            </strong>
          </p>
          {totalInstalments ? (
            <p>
              ou {formatBRL(product.price_cents * units)} em {totalInstalments}
            </p>
          ) : null}
        </div>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <AddToCartButton
          product={product}
          quantity={units}
          variation={cartVariation(size, measure, variations, colour)}
          onBeforeAdd={() => {
            setAskedToChoose(true);
            return missing.length === 0;
          }}
          onAdjust={setQuantity}
          label="Comprar"
          size="lg"
          className="sm:flex-1"
        />
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
      </div>
      {askedToChoose && missing.length > 0 ? (
        <p role="alert" className="-mt-2 text-sm font-medium text-sale">
          Escolha {listText(missing)} antes de comprar.
        </p>
      ) : null}
      <ShippingBox productId={product.id} quantity={units} />
    </div>
  );
}
