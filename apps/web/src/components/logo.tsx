import { useId } from 'react';
import { cn } from '../lib/cn.ts';

/** The Lumina mark (a captive bead ring with a sparkle) beside the wordmark set in live text. */
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

export function Logo({
  className,
  tone = 'dark',
}: {
  className?: string;
  tone?: 'dark' | 'light';
}) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-9 shrink-0" />
      <span className="flex flex-col leading-none">
        <span
          className={cn(
            'font-serif text-2xl tracking-wide',
            tone === 'dark' ? 'text-ink-900' : 'text-cream-50',
          )}
        >
          Lumina
        </span>
        <span
          className={cn(
            'mt-0.5 text-[0.625rem] font-semibold tracking-[0.35em] uppercase',
            tone === 'dark' ? 'text-gold-700' : 'text-gold-300',
          )}
        >
          Piercings
        </span>
      </span>
    </span>
  );
}
