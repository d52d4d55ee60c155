import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CAROUSEL_INTERVAL_MS } from '@lumina/shared/constants/storefront-constants';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  PauseIcon,
  PlayIcon,
} from '../../../components/icons.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion.ts';
import { useProducts } from '../api/get-products.ts';
import { ProductCard } from './product-card.tsx';
import { ProductCardSkeleton } from './product-card-skeleton.tsx';

/** The API lists featured products first, so the first dozen are the ones to show off. */
export const CAROUSEL_PRODUCT_COUNT = 12;

// One card on phones (with a peek at the next), two on small tablets, three, then four (spec: 4).
const slide =
  'shrink-0 snap-start basis-[80%] sm:basis-[calc((100%-1.25rem)/2)] md:basis-[calc((100%-2.5rem)/3)] lg:basis-[calc((100%-3.75rem)/4)]';

function step(track: HTMLElement, direction: 1 | -1, wrap: boolean) {
  const slides = [...track.children] as HTMLElement[];
  const first = slides[0];
  if (!first) return;
  const origin = first.offsetLeft;
  const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 4;
  const atStart = track.scrollLeft <= 4;
  let target: number;
  if (direction === 1 && atEnd) {
    if (!wrap) return;
    target = 0;
  } else if (direction === -1 && atStart) {
    target = wrap ? track.scrollWidth : 0;
  } else {
    const offsets = slides.map((s) => s.offsetLeft - origin);
    const here = track.scrollLeft;
    target =
      direction === 1
        ? (offsets.find((o) => o > here + 4) ?? 0)
        : (offsets.findLast((o) => o < here - 4) ?? 0);
  }
  track.scrollTo({ left: target, behavior: 'smooth' });
}

/**
 * Home page carousel (spec 000, Home): four products at a time on desktop, advancing every 5 s.
 * CSS scroll-snap does the sliding and the swiping, so it adds almost no JavaScript to the home page.
 */
export function ProductCarousel({ intervalMs = CAROUSEL_INTERVAL_MS }: { intervalMs?: number }) {
  const query = useProducts({ per_page: CAROUSEL_PRODUCT_COUNT });
  const products = query.data?.products ?? [];
  const track = useRef<HTMLUListElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stoppedByUser, setStoppedByUser] = useState(false);
  const running = products.length > 1 && !hovered && !focused && !stoppedByUser && !reducedMotion;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (track.current && !document.hidden) step(track.current, 1, true);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs]);

  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-10 text-center ring-1 ring-ink-900/10">
        <p className="text-ink-800">Erro ao carregar produtos</p>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  if (query.isSuccess && products.length === 0) {
    return <p className="py-10 text-center text-ink-700">Nenhum produto encontrado</p>;
  }

  const controlButton =
    'inline-flex size-11 items-center justify-center rounded-full border border-ink-300 bg-white text-ink-900 hover:border-ink-900 disabled:opacity-40';

  return (
    <div
      role="region"
      aria-roledescription="carrossel"
      aria-label="Produtos em destaque"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <ul
        ref={track}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-5 overflow-x-auto scroll-smooth px-4 pt-1 pb-4 [scrollbar-width:none] motion-reduce:scroll-auto [&::-webkit-scrollbar]:hidden"
      >
        {query.isPending
          ? Array.from({ length: 4 }, (_, index) => (
              <li key={index} className={slide} aria-hidden="true">
                <ProductCardSkeleton />
              </li>
            ))
          : products.map((product) => (
              <li key={product.id} className={slide}>
                <ProductCard product={product} action="details" />
              </li>
            ))}
      </ul>

      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <div className="flex gap-2">
          <button
            type="button"
            className={controlButton}
            aria-label="Produtos anteriores"
            onClick={() => track.current && step(track.current, -1, true)}
            disabled={products.length === 0}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            className={controlButton}
            aria-label="Próximos produtos"
            onClick={() => track.current && step(track.current, 1, true)}
            disabled={products.length === 0}
          >
            <ChevronRightIcon className="size-5" />
          </button>
          {!reducedMotion ? (
            <button
              type="button"
              className={controlButton}
              aria-label={
                stoppedByUser ? 'Retomar carrossel de produtos' : 'Pausar carrossel de produtos'
              }
              onClick={() => setStoppedByUser((stopped) => !stopped)}
            >
              {stoppedByUser ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
            </button>
          ) : null}
        </div>
        <Link to="/produtos" className={buttonClasses({ variant: 'outline' })}>
          Ver mais produtos
        </Link>
      </div>
    </div>
  );
}
