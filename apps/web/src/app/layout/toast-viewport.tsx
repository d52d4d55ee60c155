import { useCallback, useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { toastChannel, type ToastKind, type ToastMessage } from '../../lib/ui-events.ts';

/** Spec 000 section 9: at most 20 toasts on screen; the oldest leave first. */
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = 5_000;

const kindStyles: Record<ToastKind, string> = {
  success: 'border-l-success',
  info: 'border-l-gold-500',
  warning: 'border-l-gold-700',
  error: 'border-l-sale',
};

const kindLabels: Record<ToastKind, string> = {
  success: 'Sucesso',
  info: 'Aviso',
  warning: 'Atenção',
  error: 'Erro',
};

export function ToastViewport() {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  useEffect(() => {
    const pending = timers.current;
    const unsubscribe = toastChannel.subscribe((toast) => {
      setToasts((current) => [...current, toast].slice(-TOAST_LIMIT));
      // A sticky toast waits for its close button.
      if (toast.sticky) return;
      pending.set(
        toast.id,
        setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS),
      );
    });
    return () => {
      unsubscribe();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [dismiss]);

  return (
    <section
      aria-label="Notificações"
      className="pointer-events-none fixed inset-x-0 top-2 z-[60] flex justify-center px-3 sm:top-4 sm:right-4 sm:left-auto sm:justify-end"
    >
      <ol aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <li
            key={toast.id}
            className={cn(
              'pointer-events-auto flex items-start gap-3 rounded-xl border-l-4 bg-white py-3 pr-1 pl-4 text-sm text-ink-900 shadow-lg ring-1 ring-ink-900/5',
              kindStyles[toast.kind],
            )}
          >
            <p className="flex-1 py-2">
              <span className="sr-only">{kindLabels[toast.kind]}: </span>
              {toast.message}
            </p>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-cream-200"
              aria-label="Fechar notificação"
            >
              <CloseIcon className="size-4" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
