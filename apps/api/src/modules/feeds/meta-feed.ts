import { GOOGLE_PRODUCT_CATEGORY } from '@lumina/shared/feeds/feeds';
import { type FeedItem, feedPrice, feedSaleDates } from './feed-items.ts';

/**
 * The columns of the Meta catalogue feed, in this order: the required ones first (id, title,
 * description, availability, condition, price, link, image_link, brand), then what a variant and
 * a sale need (https://developers.facebook.com/docs/marketing-api/catalog/reference).
 */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'sale_price',
  'sale_price_effective_date',
  'gtin',
  'google_product_category',
  'product_type',
  'additional_image_link',
  'color',
  'size',
  'material',
  'pattern',
] as const;

export type MetaColumn = (typeof META_COLUMNS)[number];

/** Meta's two stock words. */
export const META_AVAILABILITY = { in: 'in stock', out: 'out of stock' } as const;

/**
 * One CSV field, RFC 4180: always between double quotes, a quote inside doubled. Meta asks for
 * quotes around any field with a comma or whitespace; quoting all of them also keeps a line break
 * in a description inside its field.
 */
export function csvField(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

function rowOf(item: FeedItem): Record<MetaColumn, string> {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: item.inStock ? META_AVAILABILITY.in : META_AVAILABILITY.out,
    condition: 'new',
    price: feedPrice(item.priceCents),
    link: item.link,
    image_link: item.imageLink,
    brand: item.brand,
    item_group_id: item.groupId ?? '',
    sale_price: item.sale ? feedPrice(item.sale.priceCents) : '',
    sale_price_effective_date: item.sale?.effective ? feedSaleDates(item.sale.effective) : '',
    gtin: item.gtin ?? '',
    google_product_category: GOOGLE_PRODUCT_CATEGORY.path,
    product_type: item.productType,
    // Several addresses in one field, separated by commas: a comma inside an address is encoded.
    additional_image_link: item.additionalImageLinks
      .map((url) => url.replace(/,/g, '%2C'))
      .join(','),
    color: item.color ?? '',
    size: item.size ?? '',
    material: item.material ?? '',
    pattern: item.pattern ?? '',
  };
}

/** GET /feeds/meta.csv: the header line, then one line per item, CRLF as RFC 4180 ends them. */
export function renderMetaCsv(items: readonly FeedItem[]): string {
  const lines = [META_COLUMNS.join(',')];
  for (const item of items) {
    const row = rowOf(item);
    lines.push(META_COLUMNS.map((column) => csvField(row[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
