import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

export interface AccountTabsProps<Id extends string> {
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

const NAVIGATION_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, arrows (and Home/End) move between tabs
 * and show their panel. Only the selected panel is rendered, so hidden tabs fetch nothing.
 */
export function AccountTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: AccountTabsProps<Id>) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );
  const current = tabs[index];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!NAVIGATION_KEYS.includes(event.key)) return;
    event.preventDefault();
    const last = tabs.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
            ? (index - 1 + tabs.length) % tabs.length
            : (index + 1) % tabs.length;
    const target = tabs[next];
    if (!target) return;
    onSelect(target.id);
    buttons.current.get(target.id)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        // Phones scroll the row sideways instead of wrapping five tabs into a tall block.
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-ink-300 px-4 sm:mx-0 sm:px-0"
      >
        {tabs.map((tab) => {
          const active = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) buttons.current.set(tab.id, node);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`aba-${tab.id}`}
              aria-selected={active}
              aria-controls={`painel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={cn(
                '-mb-px min-h-11 shrink-0 border-b-2 px-4 text-sm font-medium whitespace-nowrap transition-colors',
                active
                  ? 'border-gold-600 text-ink-900'
                  : 'border-transparent text-ink-600 hover:border-ink-300 hover:text-ink-900',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`painel-${current.id}`}
          aria-labelledby={`aba-${current.id}`}
          tabIndex={0}
          className="pt-6 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4"
        >
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
