import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { CloseIcon } from '../icons.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /**
   * False for a question that must be answered (no close button, Escape and a click outside do
   * nothing): the dialog's own buttons are the only ways out.
   */
  dismissible?: boolean;
}

/**
 * A modal dialog on Radix (focus trap, Escape, scroll lock, aria wiring). Import it only from
 * lazily loaded modules: Radix stays out of the home page's first download.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  dismissible = true,
}: DialogProps) {
  const keepOpen = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60 backdrop-blur-[2px]" />
        <RadixDialog.Content
          // Radix wants either a description or an explicit "none".
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={keepOpen}
          onInteractOutside={keepOpen}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg',
            '-translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-cream-50 p-6 shadow-2xl',
            'sm:p-8',
            className,
          )}
        >
          <RadixDialog.Title className="pr-10 font-serif text-2xl text-ink-900">
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm text-ink-700">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          {dismissible ? (
            <RadixDialog.Close
              className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-ink-700 hover:bg-cream-200 hover:text-ink-900"
              aria-label="Fechar"
            >
              <CloseIcon className="size-5" />
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding Dialog; renders its child (a button or link) in place. */
export const DialogClose = RadixDialog.Close;
