import {
  PASSWORD_STRENGTH_LABELS,
  passwordStrength,
  type PasswordStrength,
} from '@lumina/shared/validation/password-strength';
import { cn } from '../../../lib/cn.ts';

const LEVEL: Record<PasswordStrength, { filled: number; bar: string; text: string }> = {
  very_weak: { filled: 1, bar: 'bg-sale', text: 'text-sale' },
  weak: { filled: 2, bar: 'bg-gold-500', text: 'text-gold-700' },
  medium: { filled: 3, bar: 'bg-gold-600', text: 'text-gold-700' },
  strong: { filled: 4, bar: 'bg-success', text: 'text-success' },
};

/**
 * The reset page's indicator (spec 001 §4). The text is a polite live region that stays in the
 * page, so a screen reader hears each change; it is empty before the first character.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const strength = password.length > 0 ? passwordStrength(password) : null;
  const level = strength ? LEVEL[strength] : null;
  return (
    <div className="mt-2">
      {level ? (
        <div className="flex gap-1" aria-hidden="true">
          {[1, 2, 3, 4].map((step) => (
            <span
              key={step}
              className={cn(
                'h-1.5 flex-1 rounded-full',
                step <= level.filled ? level.bar : 'bg-ink-300',
              )}
            />
          ))}
        </div>
      ) : null}
      <p
        id={id}
        aria-live="polite"
        className={cn('mt-1 min-h-4 text-xs font-semibold', level?.text)}
      >
        {strength ? PASSWORD_STRENGTH_LABELS[strength] : ''}
      </p>
    </div>
  );
}
