import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface FormAlertProps {
  kind: 'error' | 'success' | 'warning' | 'info';
  title?: string;
  /** One message, or several shown as a list. */
  messages?: readonly string[];
  children?: ReactNode;
  className?: string;
}

const styles = {
  error: 'border-sale/30 bg-sale/10 text-sale',
  success: 'border-success/30 bg-success/10 text-success',
  warning: 'border-gold-500/40 bg-gold-100 text-ink-900',
  info: 'border-ink-300 bg-cream-100 text-ink-800',
} as const;

/**
 * A message box inside a form or page. Errors are announced at once (role alert), the others
 * politely (role status).
 */
export function FormAlert({ kind, title, messages, children, className }: FormAlertProps) {
  const list = messages ?? [];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={cn('rounded-xl border px-4 py-3 text-sm font-medium', styles[kind], className)}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {list.length === 1 && !title ? <p>{list[0]}</p> : null}
      {list.length > 1 || (title && list.length > 0) ? (
        <ul className={cn('space-y-0.5', title ? 'mt-1 list-disc pl-5' : 'list-disc pl-5')}>
          {list.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
