import { cn } from '../../lib/cn.ts';

export interface SwitchProps {
  id?: string;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** Ids of the visible label and help text (the switch has no text of its own). */
  labelledBy: string;
  describedBy?: string;
}

/** An on/off switch: a real button with role="switch", toggled by click, Space and Enter. */
export function Switch({
  id,
  checked,
  onCheckedChange,
  disabled,
  labelledBy,
  describedBy,
}: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onCheckedChange?.(!checked)}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-70',
        checked ? 'bg-ink-900' : 'bg-ink-500',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-6 rounded-full bg-cream-50 shadow transition-transform motion-reduce:transition-none',
          checked ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}
