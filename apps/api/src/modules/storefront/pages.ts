import { CATEGORY_LABELS, type CategorySlug } from '@lumina/shared/catalog/categories';
import { categoryListing, productsListing } from '@lumina/shared/catalog/listing-params';
import { pixPriceCents } from '@lumina/shared/catalog/pricing';
import {
  type MoneyRules,
  moneyPromisesSentence,
  pixDiscountText,
} from '@lumina/shared/storefront/money-texts';
import { VARIANT_QUERY_PARAM, variantPrices } from '@lumina/shared/catalog/variants';
import { parseProductName } from '@lumina/shared/catalog/product-name';
import { PRODUCT_PAGE_IMAGE_SIZES, photoSrcSet } from '@lumina/shared/catalog/product-images';
import type { StorePayments } from '@lumina/shared/payments/card-instalments';
import {
  BANNER_PHONE_MEDIA,
  BANNER_WIDE_MEDIA,
  HOME_BANNERS,
} from '@lumina/shared/storefront/home-banners';
import { homeDescription } from '@lumina/shared/storefront/home-description';
import { formatBRL } from '@lumina/shared/format/money';
import { isPrivatePage, matchPagePath } from '@lumina/shared/storefront/page-paths';
import { toProductDto, type ProductReadRow } from '../catalog/product-dto.ts';
import { descriptionText } from '../catalog/sanitize-description.ts';
import { parseProductId } from '@lumina/shared/catalog/product-id';
import { shareImageUrl } from '../../http/share-images.ts';
import { type PageHead } from './page-head.ts';
import { organizationJsonLd } from './organization-json-ld.ts';
import { POLICY_PAGES, policyKeyOfPath } from '@lumina/shared/settings/policy-pages';
import { shopName } from '@lumina/shared/settings/settings-rules';
import { NO_STORE_PAYMENTS, type StoreSettings } from '@lumina/shared/settings/store-settings';
import { productJsonLd, type ProductJsonLdInput } from './product-json-ld.ts';
import { HOME_PREVIEW_IMAGE, SHOP_LOGO_PNG } from './preview-image.ts';

/**
 * The titles match what the web app sets once it runs (lib/page-meta.ts: 'Title | Shop'); the
 * shop's name is the store settings' as they are when the page is rendered.
 */
export function pageTitle(title: string, shop: string): string {
  return shop ? `${title} | ${shop}` : title;
}

export const HOME_HEADING = 'Joias para piercing';
const DESCRIPTION_MAX = 160;

/** What every page of one render knows about the shop: where it is served and who it is. */
interface Site {
  appUrl: string;
  settings: StoreSettings;
  /** The settings' money rules with the ways to pay: what descriptions promise. */
  money: MoneyRules;
  /** The trade name (else the legal name, else the site's host name). */
  name: string;
}

/** A page as the server answers it: the status and what its head says. */
export interface ResolvedPage {
  status: 200 | 404;
  head: PageHead;
  /**
   * Whether the server renders the page's content (for search engines and a quick first paint):
   * the storefront's public pages and
   * the not-found page. Account, checkout, payment and admin pages are drawn by the browser.
   */
  render: boolean;
}

export interface PageCatalog {
  /** The product a /produto/{id} page shows, or undefined when it is not in the storefront. */
  findProduct(id: number): Promise<ProductReadRow | undefined>;
  /**
   * Whether the storefront's product sells a variant of that SKU (a shared link's `?variante=`),
   * asked before the page cache: answered from the catalogue's cache, so a cached page reads no
   * SQL.
   */
  sellsVariant(productId: number, sku: string): Promise<boolean>;
}

function shorten(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= DESCRIPTION_MAX) return clean;
  const cut = clean.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 80))}…`;
}

/** An absolute address on the shop (APP_URL may carry a path: https://example.com/loja). */
export function shopUrl(appUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${appUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

function notFound(site: Site): ResolvedPage {
  return {
    status: 404,
    render: true,
    head: {
      title: pageTitle('Página não encontrada', site.name),
      description: 'A página que você procurou não existe ou mudou de endereço.',
      noindex: true,
    },
  };
}

/**
 * A page people find through search and shared links: indexed, with its link preview. A product
 * page's preview is a product's, with its own title and the PIX price.
 */
function publicPage(
  site: Site,
  page: {
    title: string;
    description: string;
    path: string;
    image?: NonNullable<PageHead['openGraph']>['image'];
  } & Pick<PageHead, 'jsonLd' | 'preloadImages'> & {
      product?: { previewTitle: string; priceAmount: string };
    },
): ResolvedPage {
  const { title, description, image, jsonLd, preloadImages, product } = page;
  const url = shopUrl(site.appUrl, page.path);
  return {
    status: 200,
    render: true,
    head: {
      siteName: site.name,
      title,
      description,
      canonical: url,
      preloadImages,
      openGraph: product
        ? {
            type: 'product',
            title: product.previewTitle,
            description,
            url,
            image,
            priceAmount: product.priceAmount,
          }
        : { type: 'website', title, description, url, image },
      jsonLd,
    },
  };
}

function breadcrumbs(appUrl: string, items: readonly { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: shopUrl(appUrl, item.path),
    })),
  };
}

function categoryPath(slug: CategorySlug): string {
  return `/categorias?categoria=${slug}`;
}

/**
 * The first banner as a JPEG: the preview picture of the home page and of the listings, which
 * have no picture of their own (WhatsApp shows none without og:image).
 */
function bannerPreview(appUrl: string): NonNullable<NonNullable<PageHead['openGraph']>['image']> {
  return {
    url: shopUrl(appUrl, HOME_PREVIEW_IMAGE.path),
    type: 'image/jpeg',
    width: HOME_PREVIEW_IMAGE.width,
    height: HOME_PREVIEW_IMAGE.height,
    alt: HOME_BANNERS[0].alt,
  };
}

/** The seller (schema.org Organization) as the store settings describe it. */
function organization(site: Site): Record<string, unknown> {
  return organizationJsonLd(site.settings, {
    url: shopUrl(site.appUrl, '/'),
    logo: shopUrl(site.appUrl, SHOP_LOGO_PNG.path),
    fallbackName: site.name,
  });
}

function homePage(site: Site): ResolvedPage {
  const { appUrl } = site;
  const url = shopUrl(appUrl, '/');
  return publicPage(site, {
    title: pageTitle(HOME_HEADING, site.name),
    description: homeDescription(site.money),
    path: '/',
    // The first banner is the largest paint: a phone's crop of it below `sm`, the whole above.
    preloadImages: [
      { href: HOME_BANNERS[0].phoneSrc, media: BANNER_PHONE_MEDIA },
      { href: HOME_BANNERS[0].src, media: BANNER_WIDE_MEDIA },
    ],
    image: bannerPreview(appUrl),
    jsonLd: [
      organization(site),
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: site.name,
        url,
        inLanguage: 'pt-BR',
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${shopUrl(appUrl, '/produtos')}?search={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  });
}

function productsPage(site: Site, query: URLSearchParams): ResolvedPage {
  const { appUrl } = site;
  const { search, category } = productsListing(query);
  const title = pageTitle(
    search ? `Busca: ${search}` : category ? `Produtos: ${CATEGORY_LABELS[category]}` : 'Produtos',
    site.name,
  );
  const pix = pixDiscountText(site.settings);
  const description = `Piercings e joias em aço cirúrgico, titânio e ouro para orelha, nariz, boca, umbigo e mais.${pix ? ` ${pix}.` : ''}`;
  const page = publicPage(site, {
    title,
    description,
    path: '/produtos',
    image: bannerPreview(appUrl),
  });
  // A search result is a view of the listing, not a page of its own.
  return search
    ? { ...page, head: { title, description, canonical: page.head.canonical, noindex: true } }
    : page;
}

function categoriesPage(site: Site, query: URLSearchParams): ResolvedPage {
  const { appUrl } = site;
  const slug = categoryListing(query);
  if (!slug) {
    return publicPage(site, {
      title: pageTitle('Todas as categorias', site.name),
      description:
        'Piercings por região do corpo: orelha, boca, nariz, sobrancelha, umbigo e mamilo.',
      path: '/categorias',
      image: bannerPreview(appUrl),
    });
  }
  const label = CATEGORY_LABELS[slug];
  return publicPage(site, {
    title: pageTitle(`Piercing de ${label.toLowerCase()}`, site.name),
    description: `Joias para piercing de ${label.toLowerCase()} em aço cirúrgico, titânio e ouro.${moneyPromisesSentence(site.money)}`,
    path: categoryPath(slug),
    image: bannerPreview(appUrl),
    jsonLd: [
      breadcrumbs(appUrl, [
        { name: 'Início', path: '/' },
        { name: 'Categorias', path: '/categorias' },
        { name: label, path: categoryPath(slug) },
      ]),
    ],
  });
}

/** Price in reais for schema.org and Open Graph: '89.91'. */
function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * A product page; `variantSku` is the variant a shared link names (`?variante=`): the page shows
 * its picture first, so that is the picture to preload.
 */
function productPage(
  site: Site,
  row: ProductReadRow,
  variantSku: string | null,
  reviews: ProductJsonLdInput['reviews'],
): ResolvedPage {
  const { appUrl } = site;
  const rules: MoneyRules = site.money;
  const product = toProductDto(row, rules);
  const chosen = variantSku
    ? product.variants.find((variant) => variant.sku === variantSku)
    : undefined;
  // Variants at different prices: the cheapest, 'a partir de', so no preview promises a price
  // that no variant sells at.
  const offered = product.variants
    .filter((variant) => variant.active)
    .map((variant) => pixPriceCents(variantPrices(product, variant), rules));
  const pix = offered.length > 0 ? Math.min(...offered) : pixPriceCents(product, rules);
  const from = new Set(offered).size > 1 ? 'a partir de ' : '';
  const path = `/produto/${product.id}`;
  const url = shopUrl(appUrl, path);
  const images = product.images.map((image) => shopUrl(appUrl, image));
  const mainImage = chosen?.image ?? product.images[0];
  const preview = product.images[0] ? shareImageUrl(product.images[0]) : null;
  const inStock = product.active && product.stock_quantity > 0;
  const text = descriptionText(product.description ?? '');
  // The name without its embedded specs ('Argola - Tamanho: 8mm'), as the page's heading shows it.
  const name = parseProductName(product.name).title || product.name;
  const description = shorten(
    `${name} por ${from}${formatBRL(pix)} no PIX${inStock ? '' : ' (esgotado)'}. ${text}`,
  );
  const category = product.category;
  return publicPage(site, {
    title: pageTitle(name, site.name),
    description,
    path,
    image: preview
      ? { url: shopUrl(appUrl, preview), type: 'image/jpeg', alt: name }
      : images[0]
        ? { url: images[0], alt: name }
        : undefined,
    preloadImages: mainImage
      ? [{ href: mainImage, srcset: photoSrcSet(mainImage), sizes: PRODUCT_PAGE_IMAGE_SIZES }]
      : undefined,
    product: {
      previewTitle: `${name} — ${from}${formatBRL(pix)} no PIX`,
      priceAmount: amount(pix),
    },
    jsonLd: [
      productJsonLd({
        product,
        url,
        absolute: (image) => shopUrl(appUrl, image),
        description: text,
        shopName: site.name,
        rules,
        reviews,
      }),
      breadcrumbs(appUrl, [
        { name: 'Início', path: '/' },
        { name: CATEGORY_LABELS[category], path: categoryPath(category) },
        { name, path },
      ]),
    ],
  });
}

/**
 * A policy's page: its text is the description's source; a policy the owner has not written is
 * a page the shop does not have (404).
 */
function policyPage(site: Site, path: string): ResolvedPage {
  const key = policyKeyOfPath(path);
  const html = key ? site.settings.policies[key] : '';
  if (!key || !html) return notFound(site);
  const { title } = POLICY_PAGES[key];
  return publicPage(site, {
    title: pageTitle(title, site.name),
    description: shorten(`${title} de ${site.name}: ${descriptionText(html)}`),
    path: POLICY_PAGES[key].path,
    jsonLd: [organization(site)],
  });
}

/**
 * What the server answers for a page address, for search engines and link previews: its status
 * (404 for an
 * address the app does not have, and for a product that is unknown, hidden or no longer sold)
 * and its head.
 */
export function createPageResolver(deps: {
  appUrl: string;
  catalog: PageCatalog;
  /**
   * The store settings now: names, the seller's data, which policies exist, and the money rules
   * that descriptions and prices follow.
   */
  storeSettings: () => StoreSettings;
  /** The ways to pay beside PIX: the instalment promises follow whether cards are taken. */
  payments?: StorePayments;
  /** A product's approved reviews (the first page): its JSON-LD rating and reviews. */
  reviews?: (productId: number) => Promise<ProductJsonLdInput['reviews']>;
}) {
  const { appUrl, catalog } = deps;
  const host = new URL(appUrl).hostname;
  return {
    /** Whether a listed product sells a variant of that SKU (a shared link's `?variante=`). */
    hasVariant(productId: number, sku: string): Promise<boolean> {
      return catalog.sellsVariant(productId, sku);
    },

    async resolve(pathname: string, query: URLSearchParams): Promise<ResolvedPage> {
      const settings = deps.storeSettings();
      const site: Site = {
        appUrl,
        settings,
        money: { ...settings, payments: deps.payments ?? NO_STORE_PAYMENTS },
        name: shopName(settings) || host,
      };
      const match = matchPagePath(pathname);
      if (!match) return notFound(site);
      switch (match.path) {
        case '/':
          return homePage(site);
        case '/produtos':
          return productsPage(site, query);
        case '/categorias':
          return categoriesPage(site, query);
        case '/produto/:id': {
          const id = parseProductId(match.params[0] ?? '');
          const row = id === null ? undefined : await catalog.findProduct(id);
          // Inactive products (retired in the shop or deleted in Bling) are gone for search
          // engines; the page itself still says 'Indisponível' to a person who follows an old link.
          if (!row || !row.active || row.displayStatus === 'hidden') return notFound(site);
          const reviews = await deps.reviews?.(row.id);
          return productPage(site, row, query.get(VARIANT_QUERY_PARAM), reviews);
        }
        case '/politica-privacidade': {
          const title = pageTitle('Política de Privacidade', site.name);
          const description = `Como ${site.name} trata seus dados pessoais, conforme a LGPD.`;
          return {
            status: 200,
            render: true,
            head: {
              siteName: site.name,
              title,
              description,
              canonical: shopUrl(appUrl, '/politica-privacidade'),
              jsonLd: [organization(site)],
            },
          };
        }
        case '/termos-de-uso':
        case '/trocas-e-devolucoes':
        case '/politica-de-envio':
          return policyPage(site, match.path);
        default:
          if (isPrivatePage(match.path)) {
            return {
              status: 200,
              render: false,
              head: {
                title: pageTitle(HOME_HEADING, site.name),
                description: homeDescription(site.money),
                noindex: true,
              },
            };
          }
          return notFound(site);
      }
    },
  };
}

export type PageResolver = ReturnType<typeof createPageResolver>;
