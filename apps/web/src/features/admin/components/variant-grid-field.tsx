import {
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_VARIANTS,
  SUGGESTED_OPTION_NAMES,
  VARIANT_SKU_MAX,
} from '@lumina/shared/catalog/variants';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDownIcon, ChevronLeftIcon } from '../../../components/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  addOption,
  addValues,
  combinations,
  gridOptions,
  moveValueEarlier,
  removeOption,
  removeRow,
  removeValue,
  restoreRemoved,
  rowLabel,
  rowSku,
  setForAll,
  updateOption,
  updateRow,
  type GridErrors,
  type GridState,
  type OptionDraft,
  type VariantRow,
} from '../model/variant-grid.ts';
import { percentText } from '@lumina/shared/storefront/money-texts';
import { useStore } from '../../../lib/store-settings.ts';

type SetGrid = (change: (state: GridState) => GridState) => void;

// 44 px high: the grid is edited on a phone in the shop as often as at a desk.
const inputClass =
  'mt-1 min-h-11 w-full rounded-xl border border-ink-300 bg-white px-3 py-2 text-base leading-6 text-ink-900 aria-invalid:border-sale';

// A native select draws its own text (Safari keeps its system font and size whatever the page
// says): without the native look it has the inputs' font, size and padding, and a drawn arrow.
const selectClass = cn(inputClass, 'appearance-none pr-9');

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-xs font-medium text-sale">
      {message}
    </p>
  ) : null;
}

function OptionEditor({
  option,
  index,
  state,
  setGrid,
  error,
}: {
  option: OptionDraft;
  index: number;
  state: GridState;
  setGrid: SetGrid;
  error: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const used = new Set(state.options.map((other) => other.name.trim().toLocaleLowerCase('pt-BR')));
  const suggestions = SUGGESTED_OPTION_NAMES.filter(
    (name) => !used.has(name.toLocaleLowerCase('pt-BR')),
  );
  const label = option.name.trim() || `opção ${index + 1}`;
  const add = () => {
    if (text.trim() === '') return;
    setGrid((current) => addValues(current, option.key, text));
    setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the value; it must not send the whole product.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="rounded-2xl border border-ink-300/60 bg-white p-3">
      <legend className="px-1 text-sm font-semibold text-ink-900">Opção {index + 1}</legend>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-nome`} className="text-sm font-medium text-ink-900">
            Nome da opção {index + 1}
          </label>
          <input
            id={`${id}-nome`}
            list={`${id}-sugestoes`}
            value={option.name}
            maxLength={30}
            placeholder="Ex.: Diâmetro"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-erro` : undefined}
            onChange={(event) =>
              setGrid((current) =>
                updateOption(current, option.key, (draft) => ({
                  ...draft,
                  name: event.target.value,
                })),
              )
            }
            className={inputClass}
          />
          <datalist id={`${id}-sugestoes`}>
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <Button
          variant="ghost"
          className="min-h-11"
          onClick={() => setGrid((current) => removeOption(current, option.key))}
          aria-label={`Remover opção ${label}`}
        >
          Remover
        </Button>
      </div>
      {suggestions.length > 0 && option.name.trim() === '' ? (
        <div className="mt-2 flex flex-wrap gap-2" aria-label="Sugestões de nome">
          {suggestions.map((name) => (
            <button
              key={name}
              type="button"
              onClick={() =>
                setGrid((current) =>
                  updateOption(current, option.key, (draft) => ({ ...draft, name })),
                )
              }
              className="min-h-11 rounded-full border border-ink-300 bg-cream-50 px-3 text-sm text-ink-900 hover:border-ink-900"
            >
              {name}
            </button>
          ))}
        </div>
      ) : null}
      {option.values.length > 0 ? (
        <>
          {option.values.length > 1 ? (
            <p className="mt-3 text-xs text-ink-700">
              A loja mostra os valores nesta ordem. ‘Antes’ passa um valor para a frente do
              anterior.
            </p>
          ) : null}
          <ul
            className={cn('flex flex-wrap gap-2', option.values.length > 1 ? 'mt-2' : 'mt-3')}
            aria-label={`Valores de ${label}`}
          >
            {option.values.map((value, valueIndex) => (
              <ValueChip
                key={value}
                value={value}
                previous={option.values[valueIndex - 1]}
                optionLabel={label}
                onMoveEarlier={() =>
                  setGrid((current) => moveValueEarlier(current, option.key, value))
                }
                onRemove={() => setGrid((current) => removeValue(current, option.key, value))}
              />
            ))}
          </ul>
        </>
      ) : null}
      {/* The label above the row, at full width: beside the button it broke in two on a phone. */}
      <label htmlFor={`${id}-valor`} className="mt-3 block text-sm font-medium text-ink-900">
        Novo valor de {label}
      </label>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <input
            id={`${id}-valor`}
            value={text}
            maxLength={200}
            placeholder="Ex.: 6 mm, 8 mm"
            disabled={option.values.length >= MAX_OPTION_VALUES}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKey}
            className={inputClass}
          />
        </div>
        <Button variant="outline" className="min-h-11" onClick={add}>
          Adicionar
        </Button>
      </div>
      <ErrorText id={`${id}-erro`} message={error} />
    </fieldset>
  );
}

/**
 * One value of an option, with a worded button that moves it one place earlier (the order the
 * product page lists the values in) and one that removes it.
 */
function ValueChip({
  value,
  previous,
  optionLabel,
  onMoveEarlier,
  onRemove,
}: {
  value: string;
  previous: string | undefined;
  optionLabel: string;
  onMoveEarlier: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="flex min-h-11 items-center rounded-full border border-ink-300 bg-cream-100 pl-3 text-sm text-ink-900">
      <span>{value}</span>
      {previous !== undefined ? (
        <button
          type="button"
          onClick={onMoveEarlier}
          aria-label={`Mover ${value} para antes de ${previous}`}
          className="ml-1 inline-flex min-h-11 items-center gap-0.5 rounded-full px-2 text-xs font-medium text-ink-700 underline-offset-2 hover:bg-cream-200 hover:underline"
        >
          <ChevronLeftIcon className="size-4" />
          Antes
        </button>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remover ${value} de ${optionLabel}`}
        className="grid size-11 place-items-center rounded-full font-bold text-ink-700 hover:bg-cream-200"
      >
        ×
      </button>
    </li>
  );
}

/** A small input with its own button: a value applied to every row at once. */
function BulkSet({
  label,
  inputMode,
  placeholder,
  onApply,
}: {
  label: string;
  inputMode: 'numeric' | 'decimal';
  placeholder: string;
  onApply: (value: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const apply = () => onApply(value.trim());
  return (
    <div className="flex min-w-0 flex-1 items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="text-sm font-medium text-ink-900">
          {label}
        </label>
        <input
          id={id}
          inputMode={inputMode}
          value={value}
          placeholder={placeholder}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          className={inputClass}
        />
      </div>
      <Button
        variant="outline"
        className="min-h-11"
        onClick={apply}
        aria-label={`${label}: aplicar`}
      >
        Aplicar
      </Button>
    </div>
  );
}

function RowField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={id} className="block truncate text-xs font-medium text-ink-800">
        {label}
      </label>
      {children}
      <ErrorText id={`${id}-erro`} message={error} />
    </div>
  );
}

function VariantCard({
  row,
  state,
  setGrid,
  productSku,
  productPrice,
  productPixPrice,
  images,
  errors,
}: {
  row: VariantRow;
  state: GridState;
  setGrid: SetGrid;
  productSku: string;
  productPrice: string;
  productPixPrice: string;
  images: string[];
  errors: Record<string, string> | undefined;
}) {
  const id = `variante-${row.key}`;
  const label = rowLabel(state.options, row);
  const store = useStore();
  // Empty: the product's PIX price, else the settings' discount off the price.
  const pixPlaceholder =
    productPixPrice ||
    (store && store.pix_discount_percent > 0 ? `−${percentText(store.pix_discount_percent)}` : '');
  const change = (patch: Partial<VariantRow>) =>
    setGrid((current) => updateRow(current, row.key, patch));
  const text = (
    key: 'stock' | 'low_stock' | 'price' | 'sale_price' | 'pix_price' | 'weight' | 'gtin',
  ) => ({
    value: row[key],
    onChange: (event: { target: { value: string } }) => change({ [key]: event.target.value }),
  });
  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors?.[name] ? true : undefined,
    'aria-describedby': errors?.[name] ? `${id}-${name}-erro` : undefined,
    className: inputClass,
  });
  return (
    <div
      role="group"
      aria-label={`Variante ${label}`}
      className={cn(
        'rounded-2xl border p-3',
        errors ? 'border-sale' : 'border-ink-300/60',
        // An inactive variant stays in the grid (and in old orders), set apart from the rest.
        row.active ? 'bg-white' : 'border-dashed bg-cream-100',
      )}
    >
      {/* The label keeps its width; on a phone the two controls go under it, to the right. */}
      <div className="flex flex-wrap items-center gap-x-2">
        <p className="max-w-full min-w-0 flex-[1_0_auto] py-2 font-semibold text-ink-900">
          {label}
          {row.id === undefined ? (
            <span className="ml-2 text-xs font-normal text-ink-700">nova</span>
          ) : null}
          {row.active ? null : (
            <span className="ml-2 text-xs font-normal text-ink-700">fora de venda</span>
          )}
        </p>
        <div className="ml-auto flex items-center gap-2">
          <label className="flex min-h-11 items-center gap-2 px-1 text-sm text-ink-900">
            <input
              type="checkbox"
              checked={row.active}
              onChange={(event) => change({ active: event.target.checked })}
              className="size-5 accent-ink-900"
            />
            Ativa
          </label>
          <Button
            variant="ghost"
            className="min-h-11"
            onClick={() => setGrid((current) => removeRow(current, row.key))}
            aria-label={`Remover variante ${label}`}
          >
            Remover
          </Button>
        </div>
      </div>
      <ErrorText id={`${id}-erro`} message={errors?.row} />
      <div
        className={cn(
          'mt-2 grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4',
          // One line per variant on a wide screen: SKU, six figures, GTIN and photo. The SKU's
          // width shows a whole generated SKU (LUM-ORE-003-10MM-16MM), whose end tells rows
          // apart; narrower than 1280 px the nine fields cut their text, so four columns.
          'xl:grid-cols-[minmax(0,3fr)_repeat(6,minmax(0,1fr))_minmax(0,1.5fr)_minmax(0,1.5fr)] xl:gap-x-2',
        )}
      >
        <RowField
          id={`${id}-sku`}
          label="SKU"
          error={errors?.sku}
          className="col-span-2 xl:col-span-1"
        >
          <input
            {...field('sku')}
            value={rowSku(state, row, productSku)}
            placeholder="vazio: gerado"
            maxLength={VARIANT_SKU_MAX}
            onChange={(event) => change({ sku: event.target.value })}
          />
        </RowField>
        <RowField id={`${id}-stock_quantity`} label="Estoque" error={errors?.stock_quantity}>
          <input {...field('stock_quantity')} inputMode="numeric" {...text('stock')} />
        </RowField>
        <RowField
          id={`${id}-low_stock_threshold`}
          label="Estoque mínimo"
          error={errors?.low_stock_threshold}
        >
          <input
            {...field('low_stock_threshold')}
            inputMode="numeric"
            maxLength={5}
            placeholder="padrão da loja"
            title="A equipe do catálogo recebe um e-mail quando o estoque chega a este número. Vazio: o padrão das configurações da loja."
            {...text('low_stock')}
          />
        </RowField>
        <RowField id={`${id}-price`} label="Preço (R$)" error={errors?.price}>
          <input
            {...field('price')}
            inputMode="decimal"
            placeholder={productPrice || 'do produto'}
            {...text('price')}
          />
        </RowField>
        <RowField id={`${id}-sale_price`} label="Promoção (R$)" error={errors?.sale_price}>
          <input
            {...field('sale_price')}
            inputMode="decimal"
            placeholder="—"
            {...text('sale_price')}
          />
        </RowField>
        <RowField id={`${id}-pix_price`} label="PIX (R$)" error={errors?.pix_price}>
          <input
            {...field('pix_price')}
            inputMode="decimal"
            placeholder={pixPlaceholder}
            {...text('pix_price')}
          />
        </RowField>
        <RowField id={`${id}-weight_grams`} label="Peso (g)" error={errors?.weight_grams}>
          <input
            {...field('weight_grams')}
            inputMode="numeric"
            placeholder="padrão"
            {...text('weight')}
          />
        </RowField>
        <RowField id={`${id}-gtin`} label="GTIN" error={errors?.gtin}>
          <input {...field('gtin')} inputMode="numeric" maxLength={14} {...text('gtin')} />
        </RowField>
        <RowField
          id={`${id}-image`}
          label="Foto"
          error={errors?.image}
          className="col-span-2 xl:col-span-1"
        >
          <span className="flex items-center gap-2">
            <span className="relative min-w-0 flex-1">
              <select
                {...field('image')}
                className={selectClass}
                value={row.image}
                onChange={(event) => change({ image: event.target.value })}
              >
                <option value="">Principal</option>
                {images.map((image, index) => (
                  <option key={image} value={image}>
                    Foto {index + 1}
                  </option>
                ))}
                {row.image !== '' && !images.includes(row.image) ? (
                  <option value={row.image}>Foto removida</option>
                ) : null}
              </select>
              <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 mt-0.5 size-5 -translate-y-1/2 text-ink-700" />
            </span>
            {row.image !== '' ? (
              <img
                src={row.image}
                alt=""
                width={44}
                height={44}
                className="mt-1 size-11 shrink-0 rounded-lg bg-cream-100 object-cover"
              />
            ) : null}
          </span>
        </RowField>
      </div>
    </div>
  );
}

/**
 * 'Opções e variantes': up to 3 options with their values, and one card per combination with
 * its own SKU, stock, prices, weight, GTIN, photo and state. Cards, not a table: on a 390 px
 * phone a table of nine columns would hide the SKU behind a sideways scroll.
 */
export function VariantGridField({
  state,
  setGrid,
  productSku,
  productPrice,
  productPixPrice,
  images,
  errors,
}: {
  state: GridState;
  setGrid: SetGrid;
  productSku: string;
  productPrice: string;
  productPixPrice: string;
  images: string[];
  errors: GridErrors;
}) {
  const named = gridOptions(state.options);
  const total = named.length > 0 ? combinations(named).length : 0;
  return (
    <section aria-labelledby="opcoes-variantes" className="space-y-3 sm:col-span-2">
      <div>
        <h3 id="opcoes-variantes" className="font-serif text-xl text-ink-900">
          Opções e variantes
        </h3>
        <p className="text-xs text-ink-700">
          Até {MAX_OPTIONS} opções (Diâmetro, Cor...). Cada combinação de valores é uma variante com
          seu próprio SKU e estoque.
        </p>
      </div>
      {state.options.length > 0 ? (
        <div className="grid items-start gap-3 lg:grid-cols-3">
          {state.options.map((option, index) => (
            <OptionEditor
              key={option.key}
              option={option}
              index={index}
              state={state}
              setGrid={setGrid}
              error={errors.options[index]}
            />
          ))}
        </div>
      ) : null}
      {state.options.length < MAX_OPTIONS ? (
        <Button
          variant="outline"
          className="min-h-11"
          onClick={() => setGrid((current) => addOption(current))}
        >
          Adicionar opção
        </Button>
      ) : null}
      {errors.general.length > 0 ? <FormAlert kind="error" messages={errors.general} /> : null}
      {named.length > 0 ? (
        <>
          <p className="text-sm text-ink-800" aria-live="polite">
            {state.rows.length === 1 ? '1 variante' : `${state.rows.length} variantes`}
            {total > state.rows.length ? ` (${total - state.rows.length} removidas)` : ''}
          </p>
          {total > MAX_VARIANTS ? (
            <FormAlert
              kind="warning"
              messages={[`Até ${MAX_VARIANTS} variantes por produto: remova valores.`]}
            />
          ) : null}
          {state.removed.length > 0 ? (
            <Button
              variant="ghost"
              className="min-h-11"
              onClick={() => setGrid((current) => restoreRemoved(current))}
            >
              Restaurar combinações removidas
            </Button>
          ) : null}
          <div className="flex flex-col gap-2 rounded-2xl bg-cream-100 p-3 sm:flex-row">
            <BulkSet
              label="Definir estoque para todos"
              inputMode="numeric"
              placeholder="Ex.: 5"
              onApply={(stock) => setGrid((current) => setForAll(current, { stock: stock || '0' }))}
            />
            <BulkSet
              label="Definir preço para todos"
              inputMode="decimal"
              placeholder="vazio: o do produto"
              onApply={(price) => setGrid((current) => setForAll(current, { price }))}
            />
          </div>
          <div className="space-y-2">
            {state.rows.map((row, index) => (
              <VariantCard
                key={row.key}
                row={row}
                state={state}
                setGrid={setGrid}
                productSku={productSku}
                productPrice={productPrice}
                productPixPrice={productPixPrice}
                images={images}
                errors={errors.rows[index]}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
