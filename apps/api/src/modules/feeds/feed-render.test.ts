// The feeds' writers on their own: limits, identifiers, escaping, and a catalogue of 5,000
// products (10,000 variants) written whole, each feed still valid against its specification
// (how long that takes is `npm run bench:feeds -w @lumina/bench`).
import { describe, expect, it } from 'vitest';
import {
  FEED_CHANNEL as CHANNEL,
  FEED_CONTEXT as CONTEXT,
  feedProduct as product,
  largeFeedCatalog,
} from '../../test/feed-fixtures.ts';
import { validateGoogleFeed, validateMetaCsv } from '../../test/feed-validators.ts';
import { clip, feedItemsOf, feedText, validGtin } from './feed-items.ts';
import { escapeXml, renderGoogleFeed } from './google-feed.ts';
import { renderMetaCsv } from './meta-feed.ts';

describe('feed text', () => {
  it('clips to a limit in characters, on a word, never inside an accent', () => {
    expect(clip('Argola curta', 150)).toBe('Argola curta');
    const long = `${'Argola de aço cirúrgico '.repeat(10)}fim`;
    const clipped = clip(long, 150);
    expect([...clipped].length).toBeLessThanOrEqual(150);
    expect(clipped.endsWith('…')).toBe(true);
    expect(clip('é'.repeat(200), 150)).toBe(`${'é'.repeat(149)}…`);
  });

  it('drops control characters and extra spacing', () => {
    expect(feedText('Argola\u0000 \u0007de\n\naço\uD800 ')).toBe('Argola de aço');
  });

  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    );
  });

  it('takes a GTIN only with its GS1 check digit', () => {
    expect(validGtin('7891234567895')).toBe('7891234567895');
    expect(validGtin('7891234567891')).toBeNull();
    expect(validGtin('96385074')).toBe('96385074');
    expect(validGtin('123')).toBeNull();
    expect(validGtin(null)).toBeNull();
  });
});

describe('the validators', () => {
  it('refuse a Google item Merchant Center would refuse', () => {
    const valid = renderGoogleFeed(feedItemsOf([product(1)], CONTEXT), CHANNEL);
    expect(validateGoogleFeed(valid)).toHaveLength(1);
    expect(() => validateGoogleFeed(valid.replace('49.90 BRL', '49,90 BRL'))).toThrow(/g:price/);
    expect(() =>
      validateGoogleFeed(valid.replace('<g:identifier_exists>no</g:identifier_exists>', '')),
    ).toThrow(/identifier_exists/);
    expect(() =>
      validateGoogleFeed(valid.replace('<g:availability>in_stock', '<g:availability>in stock')),
    ).toThrow(/g:availability/);
    expect(() => validateGoogleFeed(valid.replace('xmlns:g="http', 'xmlns:g="urn'))).toThrow();
    expect(() => validateGoogleFeed(valid.replace('</g:title>', '</g:titl>'))).toThrow(
      /well-formed/,
    );
    expect(() =>
      validateGoogleFeed(valid.replace('<g:brand>', '<g:marca>Loja</g:marca><g:brand>')),
    ).toThrow(/g:marca/);
  });

  it('refuse a Meta CSV that breaks RFC 4180 or its column list', () => {
    const valid = renderMetaCsv(feedItemsOf([product(1)], CONTEXT));
    expect(validateMetaCsv(valid)).toHaveLength(1);
    expect(() => validateMetaCsv(valid.replace('"Argola 1"', '"Argola "1"'))).toThrow(/CSV/);
    expect(() => validateMetaCsv(valid.replace('id,title', 'title,id'))).toThrow(/header/);
    expect(() => validateMetaCsv(valid.replace('"in stock"', '"in_stock"'))).toThrow(
      /availability/,
    );
    expect(() => validateMetaCsv(valid.replaceAll('\r\n', '\n'))).toThrow(/CRLF/);
  });
});

describe('a catalogue of 5,000 products', () => {
  it('is written whole as both feeds, and both stay valid', () => {
    const items = feedItemsOf(largeFeedCatalog(5000), CONTEXT);
    expect(items).toHaveLength(10_000);
    expect(validateGoogleFeed(renderGoogleFeed(items, CHANNEL))).toHaveLength(10_000);
    expect(validateMetaCsv(renderMetaCsv(items))).toHaveLength(10_000);
  });
});
