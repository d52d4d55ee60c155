import { FEED_PATHS, type AdminFeedsAnswer } from '@lumina/shared/feeds/feeds';
import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import { POLICY_PAGES } from '@lumina/shared/settings/policy-pages';
import { formatPhone, shopName } from '@lumina/shared/settings/settings-rules';
import type { StoreSettings } from '@lumina/shared/settings/store-settings';
import { type CachedJson, type JsonCache, renderJson } from '../../http/cached-json.ts';
import { pageEtag } from '../../http/web-app.ts';
import type { CatalogRepository } from '../catalog/repository.ts';
import { shopUrl } from '../storefront/pages.ts';
import { type FeedChannel, renderGoogleFeed } from './google-feed.ts';
import { type FeedItem, feedItemsOf } from './feed-items.ts';
import { renderMetaCsv } from './meta-feed.ts';

/** How long a rendered feed is reused when nothing in the catalogue changed meanwhile. */
export const FEED_CACHE_TTL_MS = 15 * 60 * 1000;

/** A feed's text as the cache keeps it: the body, its ETag, its compressed forms made once. */
function renderText(body: string): CachedJson {
  return { body, etag: pageEtag(body), encoded: {} };
}

/**
 * The catalogue feeds, rendered from the listed catalogue and kept in `cache` until the
 * catalogue, the settings or the promotions change (the cache is cleared with the catalogue's)
 * or its lifetime ends: Google and Meta fetch them on their own schedule, and a stock sold by an
 * order (which does not clear the catalogue) shows within that lifetime.
 */
export function createFeeds(deps: {
  appUrl: string;
  catalog: Pick<CatalogRepository, 'listedProducts'>;
  storeSettings: () => StoreSettings;
  promotionRules: () => readonly CouponRule[] | Promise<readonly CouponRule[]>;
  now: () => Date;
  cache: JsonCache;
}) {
  const { appUrl, cache } = deps;

  async function items(): Promise<FeedItem[]> {
    const [rows, promotions] = await Promise.all([
      deps.catalog.listedProducts(),
      deps.promotionRules(),
    ]);
    const settings = deps.storeSettings();
    return feedItemsOf(rows, {
      appUrl,
      // A shop without a name yet still needs a brand: Google refuses an item without one.
      brand: shopName(settings) || new URL(appUrl).hostname,
      rules: settings,
      promotions,
      now: deps.now(),
    });
  }

  function returnsPolicyUrl(settings: StoreSettings): string | null {
    return settings.policies.returns ? shopUrl(appUrl, POLICY_PAGES.returns.path) : null;
  }

  function channel(): FeedChannel {
    const settings = deps.storeSettings();
    return {
      title: shopName(settings) || new URL(appUrl).hostname,
      link: shopUrl(appUrl, '/'),
      returnsPolicyUrl: returnsPolicyUrl(settings),
      contactEmail: settings.sac_email,
      contactPhone: settings.phone ? formatPhone(settings.phone) : '',
    };
  }

  return {
    /** GET /feeds/google.xml. */
    google: () =>
      cache.get(
        'feed:google.xml',
        async () => renderGoogleFeed(await items(), channel()),
        renderText,
      ),

    /** GET /feeds/meta.csv. */
    meta: () => cache.get('feed:meta.csv', async () => renderMetaCsv(await items()), renderText),

    /** GET /api/admin/feeds: the addresses to paste, and what Merchant Center asks beside them. */
    async adminView(): Promise<AdminFeedsAnswer> {
      const settings = deps.storeSettings();
      const count = await cache.get('feed:count', async () => (await items()).length, renderJson);
      return {
        feeds: {
          google_url: shopUrl(appUrl, FEED_PATHS.google),
          meta_url: shopUrl(appUrl, FEED_PATHS.meta),
          returns_policy_url: returnsPolicyUrl(settings),
          contact_email: settings.sac_email,
          items: Number(count.body),
        },
      };
    },
  };
}

export type Feeds = ReturnType<typeof createFeeds>;
