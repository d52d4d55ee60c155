import { CATEGORY_LABELS, CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import { Link } from 'react-router';
import { SectionHeading } from './section-heading.tsx';

export function CategoryGrid() {
  return (
    <section aria-labelledby="categorias-home-titulo" className="mx-auto max-w-7xl px-4 py-14">
      <SectionHeading
        id="categorias-home-titulo"
        eyebrow="Categorias"
        title="Compre por região do piercing"
      />
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-6">
        {CATEGORY_SLUGS.map((slug) => (
          <li key={slug}>
            <Link
              to={`/categorias?categoria=${slug}`}
              className="group block overflow-hidden rounded-2xl bg-white ring-1 ring-cream-300 transition-shadow hover:shadow-lg"
            >
              <span className="block aspect-square overflow-hidden bg-cream-100">
                <img
                  src={`/categories/${slug}.webp`}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
                />
              </span>
              <span className="flex min-h-12 items-center justify-center px-2 font-serif text-lg text-ink-900 group-hover:text-gold-700">
                {CATEGORY_LABELS[slug]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
