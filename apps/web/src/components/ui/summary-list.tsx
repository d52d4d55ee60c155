import { cn } from '../../lib/cn.ts';

export interface SummaryLine {
  label: string;
  value: string;
  /** The line that sums the others up (a total). */
  strong?: boolean;
}

/** Labelled amounts under a list, one a line, the value at the right. */
export function SummaryList({ lines, className }: { lines: SummaryLine[]; className?: string }) {
  return (
    <dl className={cn('space-y-1 border-t border-ink-300/60 pt-2 text-sm', className)}>
      {lines.map((line) => (
        <div
          key={line.label}
          className={cn('flex justify-between', line.strong && 'font-semibold')}
        >
          <dt className={line.strong ? 'text-ink-900' : 'text-ink-700'}>{line.label}</dt>
          <dd className="text-ink-900">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
