import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * What a page's dialog is open on (null when closed) and the message of the last step that
 * succeeded: picking clears the message, `done` closes the dialog and shows it.
 */
export function usePickedDialog<Picked>() {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [result, setResult] = useState<string | null>(null);
  return {
    picked,
    result,
    pick: (next: Picked) => {
      setResult(null);
      setPicked(next);
    },
    close: () => setPicked(null),
    done: (message: string) => {
      setResult(message);
      setPicked(null);
    },
  };
}

/**
 * The step picked on an order's or a request's page: its dialog's props, run through `mutation`,
 * and the answer's message once it succeeded (the dialog closes then).
 */
export function useActionDialog<Action, Input>(
  mutation: UseMutationResult<{ message: string }, Error, Input>,
) {
  const { picked, result, pick, close, done } = usePickedDialog<Action>();
  return {
    result,
    pick,
    dialog: {
      action: picked,
      busy: mutation.isPending,
      error: mutation.error,
      onClose: () => {
        close();
        mutation.reset();
      },
      onRun: (input: Input) =>
        mutation.mutate(input, { onSuccess: (answer) => done(answer.message) }),
    },
  };
}
