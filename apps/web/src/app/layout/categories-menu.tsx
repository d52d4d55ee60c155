import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { CATEGORIES_LINK, CATEGORY_LINKS } from './nav-links.ts';
import { useCloseOnNavigation } from './use-close-on-navigation.ts';

/** Desktop "Categorias" disclosure: a button that shows the list of category links. */
export function CategoriesMenu({ linkClassName }: { linkClassName: string }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useCloseOnNavigation(() => setOpen(false));

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <li
      ref={containerRef}
      className="relative"
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={cn(linkClassName, 'gap-1')}
      >
        Categorias
        <ChevronDownIcon
          className={cn(
            'size-4 transition-transform motion-reduce:transition-none',
            open && 'rotate-180',
          )}
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-1/2 z-40 mt-2 w-56 -translate-x-1/2 rounded-xl border border-cream-300 bg-white p-2 shadow-xl"
      >
        {[...CATEGORY_LINKS, CATEGORIES_LINK].map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="flex min-h-11 items-center rounded-lg px-3 text-sm text-ink-800 hover:bg-cream-100 hover:text-ink-950"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
