import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OptionValues, ProductDto, ProductVariantDto } from '@lumina/shared/catalog/product';
import { VARIANT_QUERY_PARAM } from '@lumina/shared/catalog/variants';
import { choose, chosenVariant, initialChoice, productAsVariant } from '../utils/variant-choice.ts';

export interface VariantChoice {
  /** Option name -> value chosen so far (some options may still lack one). */
  chosen: OptionValues;
  /** The variant of a complete choice. */
  variant: ProductVariantDto | undefined;
  /** The product as the chosen variant sells it (prices, SKU, stock, pictures). */
  view: ProductDto;
  choose(optionName: string, value: string): void;
}

/**
 * The product page's variant choice, kept in the address (`?variante=SKU`) so a shared link opens
 * the same variant. The router's search params are the request's on the server and the
 * address bar's in the browser, so the server's HTML already shows the variant chosen and the
 * browser's first render matches it.
 */
export function useVariantChoice(product: ProductDto): VariantChoice {
  const [params, setParams] = useSearchParams();
  const linkedSku = params.get(VARIANT_QUERY_PARAM);
  const [chosen, setChosen] = useState(() => initialChoice(product, linkedSku));
  // The address as this page last read it: a link to another variant of the same product (the
  // cart's, a shared one) changes the choice without leaving the page. The page's own change of
  // the address lands a render later and names the variant already chosen, so it resets nothing.
  const [seenSku, setSeenSku] = useState(linkedSku);
  let current = chosen;
  if (linkedSku !== seenSku) {
    setSeenSku(linkedSku);
    if (linkedSku && chosenVariant(product, chosen)?.sku !== linkedSku) {
      current = initialChoice(product, linkedSku);
      setChosen(current);
    }
  }
  const variant = chosenVariant(product, current);
  const complete = product.options.every((option) => current[option.name] !== undefined);

  return {
    chosen: current,
    variant,
    // A complete choice no variant has (single-valued options that do not go together) cannot
    // be bought: the page says 'Indisponível' rather than sell the product without a variant.
    view:
      complete && !variant
        ? { ...product, active: false, stock_quantity: 0, stock: 0, stock_status: 'out_of_stock' }
        : productAsVariant(product, variant),
    choose(optionName, value) {
      const next = choose(product, current, optionName, value);
      setChosen(next);
      const sku = chosenVariant(product, next)?.sku ?? null;
      // A product without options has nothing to name in its address.
      if (product.options.length === 0 || linkedSku === sku) return;
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (sku) updated.set(VARIANT_QUERY_PARAM, sku);
          else updated.delete(VARIANT_QUERY_PARAM);
          return updated;
        },
        // Replaces the entry (Back leaves the product, not the last click) and keeps the scroll.
        { replace: true, preventScrollReset: true },
      );
    },
  };
}
