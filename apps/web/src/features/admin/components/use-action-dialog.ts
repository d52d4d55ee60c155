import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * The step picked on an order's or a request's page: its dialog's props, run through `mutation`,
 * and the answer's message once it succeeded (the dialog closes then).
 */
export function useActionDialog<Action, Input>(
  mutation: UseMutationResult<{ message: string }, Error, Input>,
) {
  const [picked, setPicked] = useState<Action | null>(null);
  const [result, setResult] = useState<string | null>(null);
  return {
    result,
    pick: (action: Action) => {
      setResult(null);
      setPicked(action);
    },
    dialog: {
      action: picked,
      busy: mutation.isPending,
      error: mutation.error,
      onClose: () => {
        setPicked(null);
        mutation.reset();
      },
      onRun: (input: Input) =>
        mutation.mutate(input, {
          onSuccess: (answer) => {
            setResult(answer.message);
            setPicked(null);
          },
        }),
    },
  };
}
