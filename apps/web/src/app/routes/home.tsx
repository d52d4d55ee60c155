import { HOME_DESCRIPTION } from '@lumina/shared/storefront/home-description';
import { ProductCarousel } from '../../features/catalog/components/product-carousel.tsx';
import { ContactSection } from '../../features/contact/components/contact-section.tsx';
import { BANNERS } from '../../features/home/banners.ts';
import { AboutSection } from '../../features/home/components/about-section.tsx';
import { BannerCarousel } from '../../features/home/components/banner-carousel.tsx';
import { CategoryGrid } from '../../features/home/components/category-grid.tsx';
import { InfoStrip } from '../../features/home/components/info-strip.tsx';
import { SectionHeading } from '../../features/home/components/section-heading.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useShopName } from '../../lib/store-settings.ts';

export function Component() {
  const shop = useShopName();
  usePageMeta({ title: 'Joias para piercing', description: HOME_DESCRIPTION });
  return (
    <>
      <h1 className="sr-only">{shop ? `${shop}: joias para piercing` : 'Joias para piercing'}</h1>
      <BannerCarousel banners={BANNERS} />
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
