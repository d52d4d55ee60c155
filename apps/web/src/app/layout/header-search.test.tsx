import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderSearch, SEARCH_MAX } from './header-search.tsx';

function Where() {
  const location = useLocation();
  return <output aria-label="local">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch(initialPath = '/') {
  const page = (
    <>
      <HeaderSearch />
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/produtos', element: page },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByRole('searchbox', { name: 'Buscar produtos' });
}

describe('HeaderSearch', () => {
  it('is a search landmark with its own name (the admin pages have another one)', () => {
    renderSearch();
    expect(screen.getByRole('search', { name: 'Buscar produtos' })).toBeInTheDocument();
  });

  it('keeps at most 100 characters', () => {
    const input = renderSearch();
    expect(input).toHaveAttribute('maxLength', String(SEARCH_MAX));
    fireEvent.change(input, { target: { value: 'a'.repeat(150) } });
    expect(input).toHaveValue('a'.repeat(100));
  });

  it('trims the term and opens /produtos?search=...', () => {
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '  argola de titânio  ' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByRole('status', { name: 'local' })).toHaveTextContent(
      `/produtos?search=${encodeURIComponent('argola de titânio')}`,
    );
  });

  it('goes to /produtos without a search when the box is blank', () => {
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByRole('status', { name: 'local' })).toHaveTextContent(/^\/produtos$/);
  });

  it('shows the search being displayed on /produtos', () => {
    const input = renderSearch('/produtos?search=septo');
    expect(input).toHaveValue('septo');
  });
});
