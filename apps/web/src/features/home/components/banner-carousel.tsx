import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { Link } from 'react-router';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  PauseIcon,
  PlayIcon,
} from '../../../components/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion.ts';
import {
  BANNER_HEIGHT,
  BANNER_PHONE_HEIGHT,
  BANNER_PHONE_MEDIA,
  BANNER_PHONE_WIDTH,
  BANNER_WIDTH,
  type Banner,
} from '../banners.ts';

/** Spec 000 section 9: carousels advance every 5 s. */
export const BANNER_INTERVAL_MS = 5_000;
const SWIPE_MIN_PX = 40;

// On phones the arrows sit in the bottom bar, clear of the banner text; from sm up, at the sides.
const arrowClass =
  'absolute bottom-0.5 z-10 inline-flex size-10 items-center justify-center rounded-full bg-cream-50/85 text-ink-900 shadow hover:bg-cream-50 ' +
  'sm:top-1/2 sm:bottom-auto sm:size-11 sm:-translate-y-1/2';

export interface BannerCarouselProps {
  banners: readonly Banner[];
  intervalMs?: number;
}

/**
 * Hand-rolled rather than embla: the home page has a tight JavaScript budget and this needs only
 * a sliding track, a timer that survives pauses and one progress bar per slide.
 */
export function BannerCarousel({ banners, intervalMs = BANNER_INTERVAL_MS }: BannerCarouselProps) {
  const count = banners.length;
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stoppedByUser, setStoppedByUser] = useState(false);
  const running = count > 1 && !hovered && !focused && !stoppedByUser && !reducedMotion;
  const remaining = useRef(intervalMs);
  const touchStartX = useRef<number | null>(null);
  // False in the server's HTML and while it hydrates: see `loading` below.
  const hydrated = useHydrated();

  // A new slide gets a full interval; pausing keeps whatever was left of the current one.
  useEffect(() => {
    remaining.current = intervalMs;
  }, [index, intervalMs]);

  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [running, index, count]);

  const goTo = (next: number) => setIndex(((next % count) + count) % count);

  function onTouchStart(event: TouchEvent) {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  }
  function onTouchEnd(event: TouchEvent) {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN_PX) return;
    goTo(end < start ? index + 1 : index - 1);
  }

  return (
    <section
      aria-roledescription="carrossel"
      aria-label="Destaques da loja"
      className="relative overflow-hidden bg-ink-900"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className="flex transition-transform duration-700 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
        aria-live={running ? 'off' : 'polite'}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        {banners.map((banner, i) => (
          <div
            key={banner.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className="w-full shrink-0"
          >
            <Link to={banner.to} className="block">
              <picture>
                {/* A phone's own 4:3 drawing of the banner, texts wrapped, for half the bytes. */}
                <source
                  media={BANNER_PHONE_MEDIA}
                  srcSet={banner.phoneSrc}
                  width={BANNER_PHONE_WIDTH}
                  height={BANNER_PHONE_HEIGHT}
                />
                <img
                  src={banner.src}
                  alt={banner.alt}
                  width={BANNER_WIDTH}
                  height={BANNER_HEIGHT}
                  // The first banner is the page's largest paint: fetch it first, alone. Later
                  // ones wait for the page to run (they would share the slow link with it and the
                  // stylesheet), then load one step ahead of being shown.
                  loading={i === 0 || (hydrated && i <= index + 1) ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  // Phones get a taller crop of the left side, where the banner text is. Wider
                  // screens get the banner's own 8:3, set here: `aspect-ratio: auto` would drop
                  // the ratio the width and height give, and the banner would be 0 px tall
                  // (pushing the page down once it arrives) until its picture has loaded.
                  className="block aspect-[4/3] h-auto w-full object-cover object-left sm:aspect-[8/3]"
                />
              </picture>
            </Link>
          </div>
        ))}
      </div>

      {count > 1 ? (
        <>
          <button
            type="button"
            aria-label="Banner anterior"
            onClick={() => goTo(index - 1)}
            className={cn(arrowClass, 'left-1.5 sm:left-4')}
          >
            <ChevronLeftIcon className="size-6" />
          </button>
          <button
            type="button"
            aria-label="Próximo banner"
            onClick={() => goTo(index + 1)}
            className={cn(arrowClass, 'right-1.5 sm:right-4')}
          >
            <ChevronRightIcon className="size-6" />
          </button>
          <div className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-linear-to-t from-ink-950/45 to-transparent pt-4 pr-14 pb-1 pl-14 sm:px-6">
            <ol className="flex flex-1 gap-1.5">
              {banners.map((banner, i) => (
                <li key={banner.src} className="flex-1">
                  <button
                    type="button"
                    onClick={() => goTo(i)}
                    aria-label={`Ir para o banner ${i + 1}`}
                    aria-current={i === index ? 'true' : undefined}
                    className="group flex h-8 w-full items-center"
                  >
                    <span className="block h-1 w-full overflow-hidden rounded-full bg-cream-50/40">
                      <span
                        // A new key restarts the fill animation whenever this slide becomes active.
                        key={i === index ? `active-${index}` : 'idle'}
                        data-testid="banner-progress"
                        className={cn(
                          'block h-full origin-left rounded-full bg-gold-300',
                          i < index && 'scale-x-100',
                          i > index && 'scale-x-0',
                          i === index && (reducedMotion ? 'scale-x-100' : 'banner-progress-fill'),
                        )}
                        style={
                          i === index && !reducedMotion
                            ? {
                                animationDuration: `${intervalMs}ms`,
                                animationPlayState: running ? 'running' : 'paused',
                              }
                            : undefined
                        }
                      />
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            {reducedMotion ? null : (
              <button
                type="button"
                onClick={() => setStoppedByUser((stopped) => !stopped)}
                aria-label={stoppedByUser ? 'Retomar carrossel' : 'Pausar carrossel'}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-cream-50 hover:bg-cream-50/20"
              >
                {stoppedByUser ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
              </button>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
