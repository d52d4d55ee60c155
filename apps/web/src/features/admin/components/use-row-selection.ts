import { useState } from 'react';

const NONE: ReadonlySet<number> = new Set();

/**
 * The orders ticked on the list's page. `scope` is the page's address: another page or other
 * filters start with nothing ticked, so a bulk action never reaches rows the owner cannot see.
 */
export function useRowSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<number> }>({
    scope,
    ids: NONE,
  });
  const ids = state.scope === scope ? state.ids : NONE;

  const toggle = (id: number, on: boolean) => {
    const next = new Set(ids);
    if (on) next.add(id);
    else next.delete(id);
    setState({ scope, ids: next });
  };
  const setAll = (all: readonly number[], on: boolean) =>
    setState({ scope, ids: on ? new Set(all) : NONE });

  return { ids, toggle, setAll };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
