import { cn } from '../../lib/cn.ts';

export interface SpinnerProps {
  /** Read by screen readers; the spinner is announced as a polite status. */
  label?: string;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'size-4', md: 'size-8', lg: 'size-12' } as const;

export function Spinner({ label = 'Carregando...', className, size = 'md' }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <svg
        className={cn('animate-spin text-gold-600 motion-reduce:animate-none', sizes[size])}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path
          d="M22 12a10 10 0 0 0-10-10"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
