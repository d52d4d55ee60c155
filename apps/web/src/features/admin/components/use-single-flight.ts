import { useRef, useState } from 'react';

export interface Failure<Name> {
  action: Name;
  /** The API's refusal as the client read it (an ApiError keeps the fields it named). */
  error: Error;
  message: string;
}

/**
 * Runs one action of a card at a time and keeps what went wrong. `busy` disables the card's
 * buttons; the ref refuses a second run whatever the page draws, so a label is never bought
 * twice nor an NF-e issued twice.
 */
export function useSingleFlight<Name extends string>() {
  const running = useRef(false);
  const [busy, setBusy] = useState<Name | null>(null);
  const [failure, setFailure] = useState<Failure<Name> | null>(null);

  const run = async (action: Name, task: () => Promise<unknown>): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setBusy(action);
    setFailure(null);
    try {
      await task();
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error : new Error(String(error));
      setFailure({ action, error: reason, message: reason.message });
      return false;
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  return { busy, failure, run, clearFailure: () => setFailure(null) };
}
