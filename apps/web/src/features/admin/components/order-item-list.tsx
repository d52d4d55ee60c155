import { nameBesideOptions, optionValuesLabel } from '@lumina/shared/catalog/variants';
import type { ReactNode } from 'react';

interface ListedItem {
  id: number;
  image_url: string | null;
  product_name: string;
  option_values: Record<string, string>;
  sku: string;
  quantity: number;
}

/**
 * The pieces of an order or of a return request: photo, name with its variant values, SKU and
 * quantity at `unitPrice`; `details` adds lines under them, `aside` a column at the right.
 */
export function OrderItemList<T extends ListedItem>({
  items,
  unitPrice,
  note,
  details,
  aside,
}: {
  items: readonly T[];
  unitPrice: (item: T) => string;
  /** Said after the price on the SKU line. */
  note?: (item: T) => string;
  details?: (item: T) => ReactNode;
  aside?: (item: T) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-ink-300/40">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 py-2 text-sm">
          {item.image_url ? (
            <img
              src={item.image_url}
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-lg bg-cream-100 object-cover"
            />
          ) : null}
          <span className="min-w-0 flex-1 text-ink-900">
            {nameBesideOptions(item.product_name, item.option_values)}
            {optionValuesLabel(item.option_values) ? (
              <span className="block text-ink-800">{optionValuesLabel(item.option_values)}</span>
            ) : null}
            <span className="block text-ink-700">
              SKU {item.sku} · {item.quantity} × {unitPrice(item)}
              {note?.(item)}
            </span>
            {details?.(item)}
          </span>
          {aside?.(item)}
        </li>
      ))}
    </ul>
  );
}
