import { useEffect, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 3000;

/** Copies to the clipboard and says how it went for a few seconds. */
export function useCopyText(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async (text: string) => {
    try {
      // Missing outside secure contexts (plain http): the visitor copies by hand then.
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return { state, copy };
}
