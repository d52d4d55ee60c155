/** A tab opened during a click, shown an address once the page has it. */
export interface PendingTab {
  /** Sends the tab to `url`; false when the browser refused the tab (a pop-up blocker). */
  show: (url: string) => boolean;
  /** The request failed: the empty tab goes away. */
  close: () => void;
}

/**
 * Opens an empty tab now, inside the click: browsers block a tab opened after an await, and the
 * address (a label's PDF, a packing slip) arrives only with the API's answer. The tab loses its
 * link back to the panel before it leaves, as `rel="noopener"` would do.
 */
export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  return {
    show: (url) => {
      if (!tab || tab.closed) return false;
      tab.opener = null;
      tab.location.href = url;
      return true;
    },
    close: () => tab?.close(),
  };
}
