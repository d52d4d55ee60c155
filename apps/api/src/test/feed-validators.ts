// What Google Merchant Center and Meta's Commerce Manager check when they read the feeds, as the
// tests check it: Google's product data specification (support.google.com/merchants/answer/7052112)
// written as a schema over the XML a real parser reads, and RFC 4180 read strictly for Meta's CSV.
import { GOOGLE_PRODUCT_CATEGORY } from '@lumina/shared/feeds/feeds';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { GOOGLE_NAMESPACE } from '../modules/feeds/google-feed.ts';
import { META_COLUMNS } from '../modules/feeds/meta-feed.ts';

const PRICE = /^\d+\.\d{2} BRL$/;
/** ISO 8601 date and time with its offset, twice, separated by a slash. */
const ISO_INSTANT = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})`;
const SALE_DATES = new RegExp(`^${ISO_INSTANT}/${ISO_INSTANT}$`);
/** A URL Google accepts: absolute http(s), ASCII only (RFC 3986), at most 2,000 characters. */
const url = z
  .string()
  .max(2000)
  .regex(/^https?:\/\/[\x21-\x7e]+$/, 'absolute ASCII URL');
/** Free text: no character XML 1.0 forbids, not blank. */
const text = (max: number) =>
  z
    .string()
    .min(1)
    .refine((value) => [...value].length <= max, `at most ${max} characters`)
    .refine((value) => value.trim() !== '', 'not blank');

const cents = (price: string) => Math.round(Number(price.split(' ')[0]) * 100);

const shipping = z
  .object({
    'g:country': z.literal('BR'),
    'g:service': text(100).optional(),
    'g:price': z.string().regex(PRICE),
  })
  .strict();

/** One `<item>`: the attributes this shop sends, with Google's formats and limits. */
export const googleItemSchema = z
  .object({
    'g:id': text(50),
    'g:title': text(150),
    'g:description': text(5000),
    'g:link': url,
    'g:image_link': url,
    'g:additional_image_link': z.array(url).max(10).optional(),
    'g:availability': z.enum(['in_stock', 'out_of_stock', 'preorder', 'backorder']),
    'g:price': z.string().regex(PRICE),
    'g:sale_price': z.string().regex(PRICE).optional(),
    'g:sale_price_effective_date': z.string().regex(SALE_DATES).optional(),
    'g:condition': z.enum(['new', 'refurbished', 'used']),
    'g:brand': text(70),
    'g:gtin': z
      .string()
      .regex(/^(\d{8}|\d{12,14})$/)
      .optional(),
    'g:mpn': text(70).optional(),
    'g:identifier_exists': z.enum(['no', 'yes']).optional(),
    'g:item_group_id': text(50).optional(),
    'g:google_product_category': z.union([
      z.literal(String(GOOGLE_PRODUCT_CATEGORY.id)),
      z.literal(GOOGLE_PRODUCT_CATEGORY.path),
    ]),
    'g:product_type': text(750),
    'g:color': text(100).optional(),
    'g:size': text(100).optional(),
    'g:material': text(200).optional(),
    'g:pattern': text(100).optional(),
    'g:shipping': z.array(shipping).optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (cents(item['g:price']) <= 0) ctx.addIssue({ code: 'custom', message: 'price above 0' });
    const sale = item['g:sale_price'];
    if (sale !== undefined && cents(sale) >= cents(item['g:price'])) {
      ctx.addIssue({ code: 'custom', message: 'sale_price below price' });
    }
    if (item['g:sale_price_effective_date'] && sale === undefined) {
      ctx.addIssue({ code: 'custom', message: 'sale dates without a sale price' });
    }
    const identified = item['g:gtin'] !== undefined || item['g:mpn'] !== undefined;
    if (identified === (item['g:identifier_exists'] === 'no')) {
      ctx.addIssue({ code: 'custom', message: 'a GTIN or MPN, or identifier_exists no' });
    }
  });

export type GoogleItem = z.infer<typeof googleItemSchema>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ['item', 'g:additional_image_link', 'g:shipping'].includes(name),
});

/**
 * Reads a Google feed with a real XML parser and checks it against Google's specification: RSS
 * 2.0 with Google's namespace, a channel, and items whose attributes have the required values in
 * the required formats; ids unique; variants of one group told apart by a variant attribute.
 * Throws with every problem found; answers the items.
 */
export function validateGoogleFeed(xml: string): GoogleItem[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) throw new Error(`not well-formed XML: ${wellFormed.err.msg}`);
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) {
    throw new Error('the XML declaration must come first and name UTF-8');
  }
  const document = z
    .object({
      rss: z.object({
        '@version': z.literal('2.0'),
        '@xmlns:g': z.literal(GOOGLE_NAMESPACE),
        channel: z.object({
          title: text(150),
          link: url,
          description: text(5000),
          item: z.array(z.unknown()).optional(),
        }),
      }),
    })
    .parse(parser.parse(xml));
  const problems: string[] = [];
  const items: GoogleItem[] = [];
  for (const [index, raw] of (document.rss.channel.item ?? []).entries()) {
    const parsed = googleItemSchema.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
    else problems.push(`item ${index}: ${z.prettifyError(parsed.error)}`);
  }
  const ids = items.map((item) => item['g:id']);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) problems.push(`ids repeated: ${repeated.join(', ')}`);
  const groups = new Map<string, string[]>();
  for (const item of items) {
    const group = item['g:item_group_id'];
    if (!group) continue;
    const variant = [item['g:color'], item['g:size'], item['g:material'], item['g:pattern']].join(
      '|',
    );
    groups.set(group, [...(groups.get(group) ?? []), variant]);
  }
  for (const [group, variants] of groups) {
    if (new Set(variants).size !== variants.length) {
      problems.push(`group ${group}: variants not told apart by color, size, material or pattern`);
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return items;
}

/**
 * RFC 4180 read strictly: CRLF between records, a quoted field closed before the next comma or
 * line end, no quote inside an unquoted field, every record as long as the header. Throws on the
 * first deviation; answers the records, header first.
 */
export function parseRfc4180(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`CSV at character ${i}: ${why}`);
  };
  if (!text.endsWith('\r\n')) fail('the last record must end with CRLF');
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) fail('a quoted field is not closed');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') fail('a quote inside an unquoted field');
        field += text[i];
        i += 1;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      i += 2;
      records.push(record);
      record = [];
    } else {
      fail(`unexpected ${JSON.stringify(text[i])} after a field`);
    }
  }
  const width = records[0]?.length ?? 0;
  records.forEach((row, index) => {
    if (row.length !== width) fail(`record ${index} has ${row.length} fields, not ${width}`);
  });
  return records;
}

const META_REQUIRED = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
] as const;

/** One row of Meta's catalogue as its column list defines it. */
export const metaRowSchema = z
  .object({
    id: text(100),
    title: text(200),
    description: text(9999),
    availability: z.enum(['in stock', 'out of stock', 'preorder', 'available for order']),
    condition: z.enum(['new', 'refurbished', 'used']),
    price: z.string().regex(PRICE),
    link: url,
    image_link: url,
    brand: text(100),
    item_group_id: z.string().max(100),
    sale_price: z.union([z.literal(''), z.string().regex(PRICE)]),
    sale_price_effective_date: z.union([z.literal(''), z.string().regex(SALE_DATES)]),
    gtin: z.union([z.literal(''), z.string().regex(/^(\d{8}|\d{12,14})$/)]),
    google_product_category: z.string().min(1),
    product_type: z.string().max(750),
    // Up to 20 addresses, separated by commas.
    additional_image_link: z.union([
      z.literal(''),
      z
        .string()
        .refine((value) => value.split(',').length <= 20)
        .refine((value) => value.split(',').every((part) => url.safeParse(part).success)),
    ]),
    color: z.string().max(200),
    size: z.string().max(200),
    material: z.string().max(200),
    pattern: z.string().max(100),
  })
  .strict();

export type MetaRow = z.infer<typeof metaRowSchema>;

/**
 * Meta's CSV checked against its column list: the header names exactly the columns (the
 * required ones among them), each row parses by RFC 4180 and holds valid values. Answers the rows
 * by column name.
 */
export function validateMetaCsv(csv: string): MetaRow[] {
  const [header, ...rows] = parseRfc4180(csv);
  if (!header) throw new Error('no header');
  if (header.join(',') !== META_COLUMNS.join(',')) {
    throw new Error(`header ${header.join(',')} is not the column list`);
  }
  const missing = META_REQUIRED.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new Error(`required columns missing: ${missing.join(', ')}`);
  return rows.map((cells, index) => {
    const parsed = metaRowSchema.safeParse(
      Object.fromEntries(header.map((name, column) => [name, cells[column] ?? ''])),
    );
    if (!parsed.success) throw new Error(`row ${index + 1}: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  });
}
