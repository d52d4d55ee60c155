import type { ReactNode } from 'react';
import {
  formatOptionFilter,
  groupOptionFilters,
  OPTION_FILTER_MAX_ENTRIES,
} from '@lumina/shared/catalog/option-filter';
import type { OptionFacet } from '@lumina/shared/catalog/product';
import { PRICE_RANGES } from '@lumina/shared/constants/price-ranges';
import { Button } from '../../../components/ui/button.tsx';

/** What the shopper has ticked; price ranges by their PRICE_RANGES id. */
export interface FilterSelection {
  subcategories: string[];
  priceRangeIds: string[];
  sizes: string[];
  measures: string[];
}

export const EMPTY_SELECTION: FilterSelection = {
  subcategories: [],
  priceRangeIds: [],
  sizes: [],
  measures: [],
};

export function hasSelection(selection: FilterSelection): boolean {
  return (
    selection.subcategories.length +
      selection.priceRangeIds.length +
      selection.sizes.length +
      selection.measures.length >
    0
  );
}

interface CategoryFilterPanelProps {
  id: string;
  subcategories: { name: string; count?: number }[];
  sizes: string[];
  measures: string[];
  selection: FilterSelection;
  onChange: (selection: FilterSelection) => void;
  /** The listing's options with their product counts (the API's option_facets). */
  optionFacets?: OptionFacet[];
  /** The ticked option values as `Nome:valor` entries (the address's `opcao`). */
  optionFilters?: string[];
  onOptionFiltersChange?: (entries: string[]) => void;
  onClear: () => void;
  className?: string;
}

function toggle(values: string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-ink-900/10 pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-3 w-full font-serif text-base font-semibold text-ink-900">
        {legend}
      </legend>
      <div className="clear-both flex flex-col gap-1">{children}</div>
    </fieldset>
  );
}

function CheckOption({
  label,
  detail,
  checked,
  disabled,
  onToggle,
}: {
  label: string;
  detail?: string;
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-ink-800 hover:bg-cream-200 has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={onToggle}
        className="size-4 shrink-0 accent-ink-900"
      />
      <span className="flex-1">{label}</span>
      {/* Not drawn between flex items, but it keeps the accessible name '8 mm (12)'. */}{' '}
      {detail ? <span className="text-xs text-ink-600">{detail}</span> : null}
    </label>
  );
}

function ChipOptions({
  values,
  chosen,
  onToggle,
}: {
  values: string[];
  chosen: string[];
  onToggle: (value: string) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {values.map((value) => (
        <label
          key={value}
          className="relative inline-flex min-h-10 min-w-12 cursor-pointer items-center justify-center rounded-full border border-ink-300 bg-white px-3 text-sm text-ink-800 has-checked:border-ink-900 has-checked:bg-ink-900 has-checked:text-cream-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-600"
        >
          <input
            type="checkbox"
            // Invisible but covering the whole chip, so a click anywhere lands on the box itself.
            className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            checked={chosen.includes(value)}
            onChange={() => onToggle(value)}
          />
          {value}
        </label>
      ))}
    </div>
  );
}

/**
 * The facets as shown: a ticked value the other choices have left without products still
 * appears (with 0) so it can be unticked.
 */
function shownFacets(facets: readonly OptionFacet[], chosen: readonly string[]): OptionFacet[] {
  const shown = facets.map((facet) => ({ name: facet.name, values: [...facet.values] }));
  for (const group of groupOptionFilters(chosen)) {
    let facet = shown.find((candidate) => candidate.name === group.name);
    if (!facet) {
      facet = { name: group.name, values: [] };
      shown.push(facet);
    }
    for (const value of group.values) {
      if (!facet.values.some((item) => item.value === value))
        facet.values.push({ value, count: 0 });
    }
  }
  return shown;
}

/** The category page's filters (spec 000, Category page): each change re-runs the matching. */
export function CategoryFilterPanel({
  id,
  subcategories,
  sizes,
  measures,
  selection,
  onChange,
  onClear,
  className,
  optionFacets = [],
  optionFilters = [],
  onOptionFiltersChange,
}: CategoryFilterPanelProps) {
  const update = (patch: Partial<FilterSelection>) => onChange({ ...selection, ...patch });
  // The API takes so many values at once; past them only unticking is offered.
  const optionsFull = optionFilters.length >= OPTION_FILTER_MAX_ENTRIES;

  return (
    <section id={id} aria-label="Filtros" className={className}>
      <div className="flex flex-col gap-5 rounded-2xl bg-white p-4 ring-1 ring-ink-900/10">
        {subcategories.length > 0 ? (
          <FilterGroup legend="Subcategorias">
            {subcategories.map((sub) => (
              <CheckOption
                key={sub.name}
                label={sub.name}
                detail={sub.count === undefined ? undefined : String(sub.count)}
                checked={selection.subcategories.includes(sub.name)}
                onToggle={() =>
                  update({ subcategories: toggle(selection.subcategories, sub.name) })
                }
              />
            ))}
          </FilterGroup>
        ) : null}

        <FilterGroup legend="Faixa de preço">
          {PRICE_RANGES.map((range) => (
            <CheckOption
              key={range.id}
              label={range.label}
              checked={selection.priceRangeIds.includes(range.id)}
              onToggle={() => update({ priceRangeIds: toggle(selection.priceRangeIds, range.id) })}
            />
          ))}
        </FilterGroup>

        {shownFacets(optionFacets, optionFilters).map((facet) => (
          <FilterGroup key={`opcao:${facet.name}`} legend={facet.name}>
            {facet.values.map(({ value, count }) => {
              const entry = formatOptionFilter(facet.name, value);
              const checked = optionFilters.includes(entry);
              return (
                <CheckOption
                  key={value}
                  label={value}
                  detail={`(${count})`}
                  checked={checked}
                  disabled={!checked && optionsFull}
                  onToggle={() => onOptionFiltersChange?.(toggle(optionFilters, entry))}
                />
              );
            })}
          </FilterGroup>
        ))}

        {sizes.length > 0 ? (
          <FilterGroup legend="Tamanho">
            <ChipOptions
              values={sizes}
              chosen={selection.sizes}
              onToggle={(size) => update({ sizes: toggle(selection.sizes, size) })}
            />
          </FilterGroup>
        ) : null}

        {measures.length > 0 ? (
          <FilterGroup legend="Medida">
            <ChipOptions
              values={measures}
              chosen={selection.measures}
              onToggle={(measure) => update({ measures: toggle(selection.measures, measure) })}
            />
          </FilterGroup>
        ) : null}

        <Button variant="outline" size="sm" onClick={onClear}>
          Limpar filtros
        </Button>
      </div>
    </section>
  );
}
