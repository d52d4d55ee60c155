import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';

/** Spec 000 section 9: search max 100 characters. */
export const SEARCH_MAX = 100;

/** The header search: trims, keeps at most 100 characters and opens /produtos?search=... */
export function HeaderSearch({ className }: { className?: string }) {
  const inputId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = pathname === '/produtos' ? (searchParams.get('search') ?? '') : '';
  const [value, setValue] = useState(current.slice(0, SEARCH_MAX));
  const [shownSearch, setShownSearch] = useState(current);

  // Follow the URL (back button, links) so the box always shows the search being displayed.
  if (shownSearch !== current) {
    setShownSearch(current);
    setValue(current.slice(0, SEARCH_MAX));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = value.trim().slice(0, SEARCH_MAX);
    void navigate(term ? `/produtos?search=${encodeURIComponent(term)}` : '/produtos');
  }

  return (
    <form
      role="search"
      aria-label="Buscar produtos"
      onSubmit={onSubmit}
      className={cn('relative', className)}
    >
      <label htmlFor={inputId} className="sr-only">
        Buscar produtos
      </label>
      <input
        id={inputId}
        type="search"
        name="search"
        value={value}
        maxLength={SEARCH_MAX}
        onChange={(event) => setValue(event.target.value.slice(0, SEARCH_MAX))}
        placeholder="Buscar argolas, labrets, septos..."
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full rounded-full border border-ink-300 bg-white pr-12 pl-4 text-base text-ink-900 placeholder:text-ink-600 focus:border-gold-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-600 sm:text-sm"
      />
      <button
        type="submit"
        aria-label="Buscar"
        className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-full text-ink-700 hover:text-ink-900"
      >
        <SearchIcon className="size-5" />
      </button>
    </form>
  );
}
