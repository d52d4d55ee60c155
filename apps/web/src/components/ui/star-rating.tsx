import { ratingLabel, REVIEW_RATING_MAX } from '@lumina/shared/reviews/review-rating';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

const STAR_PATH = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';

function StarShape({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path
        d={STAR_PATH}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One star, `fill` (0 to 1) of it filled from the left: a filled copy cut over an outline. */
function Star({ fill, className }: { fill: number; className?: string }) {
  if (fill <= 0 || fill >= 1) return <StarShape filled={fill >= 1} className={className} />;
  return (
    <span className={cn('relative inline-block', className)}>
      <StarShape filled={false} className="absolute inset-0 size-full" />
      <span
        className="absolute inset-y-0 left-0 overflow-hidden"
        style={{ width: `${fill * 100}%` }}
      >
        <StarShape filled className={cn('h-full', className)} />
      </span>
    </span>
  );
}

const SIZES = { sm: 'size-4', md: 'size-5', lg: 'size-7' } as const;

/**
 * A rating as five stars, a mean's fraction filled in part; read as 'Nota 4,5 de 5'. Its size is
 * fixed, so drawing it never moves the text around it.
 */
export function StarRating({
  rating,
  size = 'md',
  className,
}: {
  rating: number;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <span
      role="img"
      aria-label={ratingLabel(rating)}
      className={cn('inline-flex shrink-0 text-gold-600', className)}
    >
      {Array.from({ length: REVIEW_RATING_MAX }, (_, index) => (
        <Star key={index} fill={Math.min(Math.max(rating - index, 0), 1)} className={SIZES[size]} />
      ))}
    </span>
  );
}

const STAR_WORDS = ['Péssimo', 'Ruim', 'Regular', 'Bom', 'Excelente'] as const;

/**
 * Five stars to choose from, a radio group (arrow keys move between them, as with any radio):
 * each star says its note and what it means ('4 estrelas: Bom').
 */
export function StarRatingInput({
  value,
  onChange,
  name,
  legend,
  error,
  disabled,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  name: string;
  legend: string;
  error?: string;
  disabled?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="text-sm font-medium text-ink-900">{legend}</legend>
      <div className="mt-1 flex items-center gap-1">
        {STAR_WORDS.map((word, index) => {
          const rating = index + 1;
          const filled = value !== null && rating <= value;
          return (
            <label
              key={word}
              className="cursor-pointer rounded-md p-0.5 text-gold-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-600"
            >
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                className="sr-only"
                aria-label={`${rating} ${rating === 1 ? 'estrela' : 'estrelas'}: ${word}`}
              />
              <Star fill={filled ? 1 : 0} className="size-9" />
            </label>
          );
        })}
        <span className="ml-2 text-sm text-ink-700" aria-hidden="true">
          {value ? STAR_WORDS[value - 1] : ''}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
