import { useId } from 'react';
import { cn } from '../lib/cn.ts';
import { useShopName } from '../lib/store-settings.ts';

/** The shop's mark: a captive bead ring with a sparkle. */
export function LogoMark({ className }: { className?: string }) {
  // Unique per instance: the mark appears in the header and the footer.
  const gradientId = useId();
  const fill = `url(#${gradientId})`;
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f3dc9b" />
          <stop offset="0.55" stopColor="#d4ad55" />
          <stop offset="1" stopColor="#9a7228" />
        </linearGradient>
      </defs>
      <circle cx="30" cy="29" r="17" fill="none" stroke={fill} strokeWidth="5" />
      <circle cx="30" cy="48" r="8" fill={fill} />
      <circle cx="27" cy="45" r="2.2" fill="#fff8e6" opacity="0.8" />
      <path d="M52 6l1.6 4.4L58 12l-4.4 1.6L52 18l-1.6-4.4L46 12l4.4-1.6z" fill="#d4ad55" />
    </svg>
  );
}

/**
 * The wordmark's size: a short name at full size; a longer one smaller on phones, where the
 * header row (menu, logo, account, cart) has about 170 px for it at 390 px; past that it is cut
 * with an ellipsis and the whole name stays in the title.
 */
function nameSize(name: string): string {
  if (name.length <= 12) return 'text-2xl';
  if (name.length <= 18) return 'text-xl sm:text-2xl';
  return 'text-lg sm:text-2xl';
}

/**
 * The mark beside the shop's trade name from its settings (every server-rendered page carries
 * them). Before they arrive, or when the owner named the shop nothing, the mark stands alone:
 * no working name of the code is shown in the shop's place.
 */
export function Logo({
  className,
  tone = 'dark',
}: {
  className?: string;
  tone?: 'dark' | 'light';
}) {
  const name = useShopName();
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <LogoMark className="size-9 shrink-0" />
      {name ? (
        <span
          title={name}
          className={cn(
            'max-w-[10.5rem] truncate py-0.5 font-serif leading-tight tracking-wide sm:max-w-xs lg:max-w-sm',
            nameSize(name),
            tone === 'dark' ? 'text-ink-900' : 'text-cream-50',
          )}
        >
          {name}
        </span>
      ) : null}
    </span>
  );
}
