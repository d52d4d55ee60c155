import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OptionFacet } from '@lumina/shared/catalog/product';
import { CategoryFilterPanel, EMPTY_SELECTION } from './category-filter-panel.tsx';

const facets: OptionFacet[] = [
  {
    name: 'Diâmetro',
    values: [
      { value: '6 mm', count: 3 },
      { value: '8 mm', count: 12 },
    ],
  },
  { name: 'Cor', values: [{ value: 'Prata', count: 7 }] },
];

function Panel({
  initial = [],
  onEntries = () => {},
  onClear = () => {},
  optionFacets = facets,
}: {
  initial?: string[];
  onEntries?: (entries: string[]) => void;
  onClear?: () => void;
  optionFacets?: OptionFacet[];
}) {
  const [entries, setEntries] = useState(initial);
  return (
    <CategoryFilterPanel
      id="filtros"
      subcategories={[]}
      sizes={[]}
      measures={[]}
      selection={EMPTY_SELECTION}
      onChange={() => {}}
      onClear={() => {
        setEntries([]);
        onClear();
      }}
      optionFacets={optionFacets}
      optionFilters={entries}
      onOptionFiltersChange={(next) => {
        setEntries(next);
        onEntries(next);
      }}
    />
  );
}

const group = (name: string) => within(screen.getByRole('group', { name }));

describe('CategoryFilterPanel option facets', () => {
  it('shows each option as a fieldset of checkboxes with the product counts', () => {
    render(<Panel />);
    expect(
      group('Diâmetro')
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['6 mm (3)', '8 mm (12)']);
    expect(group('Diâmetro').getByRole('checkbox', { name: '8 mm (12)' })).not.toBeChecked();
    expect(group('Cor').getByRole('checkbox', { name: 'Prata (7)' })).toBeInTheDocument();
  });

  it('ticks and unticks values as Nome:valor entries', async () => {
    const user = userEvent.setup();
    const onEntries = vi.fn();
    render(<Panel onEntries={onEntries} />);
    await user.click(screen.getByRole('checkbox', { name: '8 mm (12)' }));
    expect(onEntries).toHaveBeenLastCalledWith(['Diâmetro:8 mm']);
    await user.click(screen.getByRole('checkbox', { name: 'Prata (7)' }));
    expect(onEntries).toHaveBeenLastCalledWith(['Diâmetro:8 mm', 'Cor:Prata']);
    expect(screen.getByRole('checkbox', { name: '8 mm (12)' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '8 mm (12)' }));
    expect(onEntries).toHaveBeenLastCalledWith(['Cor:Prata']);
  });

  it('keeps a ticked value the other choices left without products, so it can be unticked', () => {
    render(<Panel initial={['Diâmetro:10 mm', 'Material:Titânio']} />);
    expect(group('Diâmetro').getByRole('checkbox', { name: '10 mm (0)' })).toBeChecked();
    expect(group('Material').getByRole('checkbox', { name: 'Titânio (0)' })).toBeChecked();
  });

  it('clears the ticked values with Limpar filtros', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    render(<Panel initial={['Diâmetro:8 mm']} onClear={onClear} />);
    expect(screen.getByRole('checkbox', { name: '8 mm (12)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(onClear).toHaveBeenCalledOnce();
    expect(screen.getByRole('checkbox', { name: '8 mm (12)' })).not.toBeChecked();
  });

  it('offers only unticking once the API limit of values is reached', () => {
    const many: OptionFacet = {
      name: 'Cor',
      values: Array.from({ length: 11 }, (_, index) => ({ value: `Cor ${index}`, count: 1 })),
    };
    const ticked = many.values.slice(0, 10).map((item) => `Cor:${item.value}`);
    render(<Panel optionFacets={[many]} initial={ticked} />);
    expect(screen.getByRole('checkbox', { name: 'Cor 10 (1)' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Cor 0 (1)' })).toBeEnabled();
  });

  it('shows no option group without facets', () => {
    render(<Panel optionFacets={[]} />);
    expect(screen.queryByRole('group', { name: 'Diâmetro' })).not.toBeInTheDocument();
  });
});
