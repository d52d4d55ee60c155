import { GOOGLE_PRODUCT_CATEGORY } from '@lumina/shared/feeds/feeds';
import { type FeedItem, feedPrice, feedSaleDates } from './feed-items.ts';

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** Who sells, for the channel: the feed's title, the shop's address and its after-sale facts. */
export interface FeedChannel {
  title: string;
  link: string;
  /** The returns policy's page, when the owner wrote one. */
  returnsPolicyUrl: string | null;
  contactEmail: string;
  contactPhone: string;
}

/**
 * Text as XML 1.0 character data: the five markup characters escaped, and the characters XML 1.0
 * cannot carry at all (control characters, lone surrogates) dropped, since a product name pasted
 * from elsewhere may hold one and a single one makes the whole feed unreadable.
 */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these are the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

function element(name: string, value: string | number): string {
  return `<g:${name}>${escapeXml(String(value))}</g:${name}>`;
}

function itemXml(item: FeedItem): string {
  const parts = [
    element('id', item.id),
    element('title', item.title),
    element('description', item.description),
    element('link', item.link),
    element('image_link', item.imageLink),
    ...item.additionalImageLinks.map((url) => element('additional_image_link', url)),
    element('availability', item.inStock ? 'in_stock' : 'out_of_stock'),
    element('price', feedPrice(item.priceCents)),
  ];
  if (item.sale) {
    parts.push(element('sale_price', feedPrice(item.sale.priceCents)));
    if (item.sale.effective) {
      parts.push(element('sale_price_effective_date', feedSaleDates(item.sale.effective)));
    }
  }
  parts.push(element('condition', 'new'), element('brand', item.brand));
  // The shop's pieces mostly have no barcode: saying so keeps Google from asking for one.
  parts.push(item.gtin ? element('gtin', item.gtin) : element('identifier_exists', 'no'));
  if (item.groupId) parts.push(element('item_group_id', item.groupId));
  parts.push(
    element('google_product_category', GOOGLE_PRODUCT_CATEGORY.id),
    element('product_type', item.productType),
  );
  if (item.color) parts.push(element('color', item.color));
  if (item.size) parts.push(element('size', item.size));
  if (item.material) parts.push(element('material', item.material));
  if (item.pattern) parts.push(element('pattern', item.pattern));
  // Freight otherwise depends on the CEP and the weight (no one price is true for all of
  // Brazil): only a free PAC is stated per item; the rest is the account's shipping settings.
  if (item.freeShipping) {
    parts.push(
      `<g:shipping>${element('country', 'BR')}${element('service', 'PAC')}${element('price', feedPrice(0))}</g:shipping>`,
    );
  }
  return `<item>\n${parts.map((part) => `  ${part}`).join('\n')}\n</item>`;
}

function channelDescription(channel: FeedChannel): string {
  const sentences = [`Produtos de ${channel.title}.`];
  if (channel.returnsPolicyUrl) sentences.push(`Trocas e devoluções: ${channel.returnsPolicyUrl}.`);
  const contact = [channel.contactEmail, channel.contactPhone].filter(Boolean).join(', ');
  if (contact) sentences.push(`Atendimento: ${contact}.`);
  return sentences.join(' ');
}

/**
 * GET /feeds/google.xml: Google Merchant Center's RSS 2.0 product feed, one item per variant
 * (https://support.google.com/merchants/answer/7052112).
 */
export function renderGoogleFeed(items: readonly FeedItem[], channel: FeedChannel): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">
<channel>
<title>${escapeXml(channel.title)}</title>
<link>${escapeXml(channel.link)}</link>
<description>${escapeXml(channelDescription(channel))}</description>
${items.map(itemXml).join('\n')}
</channel>
</rss>
`;
}
