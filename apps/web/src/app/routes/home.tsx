import { homeDescription } from '@lumina/shared/storefront/home-description';
import { NO_MONEY_PROMISES } from '@lumina/shared/storefront/money-texts';
import { ProductCarousel } from '../../features/catalog/components/product-carousel.tsx';
import { ContactSection } from '../../features/contact/components/contact-section.tsx';
import { useHomeBanners } from '../../features/home/banners.ts';
import { AboutSection } from '../../features/home/components/about-section.tsx';
import { BannerCarousel } from '../../features/home/components/banner-carousel.tsx';
import { CategoryGrid } from '../../features/home/components/category-grid.tsx';
import { InfoStrip } from '../../features/home/components/info-strip.tsx';
import { SectionHeading } from '../../features/home/components/section-heading.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useStore } from '../../lib/store-settings.ts';
import { shopName } from '@lumina/shared/settings/settings-rules';

export function Component() {
  const store = useStore();
  const banners = useHomeBanners();
  // The server's head says the same (storefront/pages.ts); without the settings, no promise.
  usePageMeta({
    title: 'Joias para piercing',
    description: homeDescription(store ?? NO_MONEY_PROMISES),
  });
  return (
    <>
      <h1 className="sr-only">
        {store && shopName(store)
          ? `${shopName(store)}: joias para piercing`
          : 'Joias para piercing'}
      </h1>
      <BannerCarousel banners={banners} />
      <InfoStrip />
      <section
        id="produtos-home"
        aria-labelledby="produtos-home-titulo"
        className="mx-auto max-w-7xl scroll-mt-4 px-4 pt-14"
      >
        <SectionHeading id="produtos-home-titulo" eyebrow="Destaques" title="Joias em destaque" />
        <div className="mt-8">
          <ProductCarousel />
        </div>
      </section>
      <CategoryGrid />
      <AboutSection />
      <ContactSection />
    </>
  );
}
