import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination.tsx';

function Where() {
  const location = useLocation();
  return <output aria-label="endereço">{location.search}</output>;
}

function renderPages(page: number, totalPages: number, search = '') {
  render(
    <MemoryRouter initialEntries={[`/admin/pedidos${search}`]}>
      <Pagination page={page} totalPages={totalPages} label="Páginas de teste" />
      <Where />
    </MemoryRouter>,
  );
  return screen.getByRole('status', { name: 'endereço' });
}

describe('Pagination', () => {
  it('shows nothing for a single page', () => {
    renderPages(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('moves through ?page=, keeping the other filters, and drops it on the first page', () => {
    const where = renderPages(2, 3, '?status=pending&page=2');
    const nav = screen.getByRole('navigation', { name: 'Páginas de teste' });
    expect(nav).toHaveTextContent('Página 2 de 3');
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(where).toHaveTextContent('?status=pending&page=3');
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(where).toHaveTextContent('?status=pending');
  });

  it('disables the way past either end', () => {
    renderPages(3, 3);
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeEnabled();
  });
});
