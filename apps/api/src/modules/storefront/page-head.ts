import { escapeHtml } from '../../integrations/mail/escape-html.ts';

/** What a page's <head> says about it: for search engines and link previews. */
/** One picture the HTML asks for before any script runs (PageHead.preloadImages). */
export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
  /** The screens it is for, as the <source> that shows it says. */
  media?: string;
}

export interface PageHead {
  /** The shop's name as the store settings have it now: og:site_name of the link preview. */
  siteName?: string;
  title: string;
  description: string;
  /** Absolute; omitted for pages that are not indexed. */
  canonical?: string;
  /** noindex for private pages and 404s. */
  noindex?: boolean;
  openGraph?: {
    type: 'website' | 'product';
    title: string;
    description: string;
    url: string;
    /**
     * The link preview's picture: an absolute URL, in a format WhatsApp shows (JPEG or PNG, not
     * WebP: see http/share-images.ts), with its type and size where known.
     */
    image?: { url: string; type?: string; width?: number; height?: number; alt?: string };
    /** PIX price in reais with two decimals ('89.91'). */
    priceAmount?: string;
  };
  /**
   * The page's largest picture, asked for by the HTML itself rather than once the script has
   * run (it is the largest contentful paint): the same srcset and sizes as the <img>, so it is
   * fetched once. Art-directed (a <picture> whose sources differ by screen): one per source,
   * each with the source's media query, so a screen preloads only the one it shows.
   */
  preloadImages?: readonly PreloadImage[];
  /** schema.org objects, each written as one application/ld+json script. */
  jsonLd?: readonly Record<string, unknown>[];
}

/**
 * JSON inside a <script>: '<', '>' and '&' as \u escapes (so a product called `"</script>` cannot
 * close the element or open a comment), and the two line separators JavaScript rejects.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}

/** The tags after <title> and the description, one per line. */
function extraTags(head: PageHead): string[] {
  const tags: string[] = [];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const image of head.preloadImages ?? []) {
    const srcset = image.srcset
      ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes ?? '100vw')}"`
      : '';
    const media = image.media ? ` media="${escapeHtml(image.media)}"` : '';
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${srcset}${media} fetchpriority="high">`,
    );
  }
  const og = head.openGraph;
  if (og) {
    if (head.siteName) tags.push(meta('property', 'og:site_name', head.siteName));
    tags.push(
      meta('property', 'og:locale', 'pt_BR'),
      meta('property', 'og:type', og.type),
      meta('property', 'og:title', og.title),
      meta('property', 'og:description', og.description),
      meta('property', 'og:url', og.url),
    );
    if (og.image) {
      const { url, type, width, height, alt } = og.image;
      tags.push(meta('property', 'og:image', url));
      if (type) tags.push(meta('property', 'og:image:type', type));
      if (width && height) {
        tags.push(
          meta('property', 'og:image:width', String(width)),
          meta('property', 'og:image:height', String(height)),
        );
      }
      if (alt) tags.push(meta('property', 'og:image:alt', alt));
    }
    if (og.priceAmount) {
      tags.push(
        meta('property', 'product:price:amount', og.priceAmount),
        meta('property', 'product:price:currency', 'BRL'),
      );
    }
    tags.push(
      meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', og.title),
      meta('name', 'twitter:description', og.description),
    );
    if (og.image) tags.push(meta('name', 'twitter:image', og.image.url));
  }
  for (const data of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  }
  return tags;
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[\s\S]*?>/i;

/**
 * index.html with this page's head: its title and description in place of the shop's, and the
 * canonical, robots, Open Graph, Twitter and JSON-LD tags before </head>.
 */
export function applyPageHead(indexHtml: string, head: PageHead): string {
  const headEnd = indexHtml.search(/<\/head>/i);
  if (headEnd < 0 || !TITLE.test(indexHtml)) {
    throw new Error('index.html needs a <title> and a </head> for the page heads');
  }
  const description = meta('name', 'description', head.description);
  const extra = extraTags(head)
    .map((tag) => `    ${tag}\n`)
    .join('');
  const withExtra = `${indexHtml.slice(0, headEnd)}${extra}  ${indexHtml.slice(headEnd)}`;
  const withTitle = withExtra.replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>`);
  return DESCRIPTION.test(withTitle)
    ? withTitle.replace(DESCRIPTION, () => description)
    : withTitle.replace(/<\/title>/i, () => `</title>\n    ${description}`);
}
