import { adminProductFormSchema } from '@lumina/shared/admin/product-form-schema';
import { CATEGORY_LABELS, CATEGORY_SLUGS } from '@lumina/shared/catalog/categories';
import type { ProductDto } from '@lumina/shared/catalog/product';
import { specShapesOf } from '@lumina/shared/catalog/variants';
import { pixDiscountNote } from '@lumina/shared/storefront/money-texts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStore } from '../../../lib/store-settings.ts';
import { uploadProductPhoto, useSaveProduct } from '../api/catalog.ts';
import {
  gridBody,
  gridOf,
  gridOptions,
  noGridErrors,
  optionPositions,
  placeGridError,
  type GridErrors,
  type GridState,
} from '../model/variant-grid.ts';
import { ProductPhotosField } from './product-photos-field.tsx';
import { StockAlertWaiting } from './stock-alert-waiting.tsx';
import { VariantGridField } from './variant-grid-field.tsx';

/** What the form holds: text as typed, lists as comma-separated text. */
interface Values {
  name: string;
  price: string;
  pix_price: string;
  category: string;
  subcategory: string;
  sku: string;
  stock_quantity: string;
  display_status: string;
  active: boolean;
  description: string;
  sizes: string;
  measures: string;
}

const reais = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(2).replace('.', ',');

function valuesOf(product: ProductDto | undefined): Values {
  return {
    name: product?.name ?? '',
    price: product ? reais(product.price_cents) : '',
    pix_price: product ? reais(product.pix_price_cents) : '',
    category: product?.category ?? '',
    subcategory: product?.subcategory ?? '',
    sku: product?.sku ?? '',
    stock_quantity: String(product?.stock_quantity ?? 0),
    display_status: product?.display_status === 'featured' ? 'featured' : 'visible',
    active: product?.active ?? true,
    description: product?.description ?? '',
    sizes: product?.sizes.join(', ') ?? '',
    measures: product?.measures.join(', ') ?? '',
  };
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * The body the API reads, from what the form holds. With options, sizes and measures are what
 * the options say (the API derives them the same way) and the variants carry SKU and stock.
 */
function bodyOf(values: Values, images: string[], grid: GridState) {
  const variants = gridBody(grid, values.sku);
  const shapes = variants.options.length > 0 ? specShapesOf(variants.options) : undefined;
  return {
    ...values,
    sizes: shapes ? shapes.sizes : list(values.sizes),
    measures: shapes ? shapes.measures : list(values.measures),
    images,
    ...variants,
  };
}

/** Photos chosen while creating go up once the product exists; what failed is said. */
async function uploadQueued(id: number, files: File[]): Promise<string[]> {
  const failed: string[] = [];
  for (const file of files) {
    try {
      await uploadProductPhoto(id, file);
    } catch (error) {
      failed.push(`${file.name} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return failed;
}

const inputClass =
  'mt-1 w-full rounded-xl border border-ink-300 bg-white px-3 py-2 text-base text-ink-900 aria-invalid:border-sale';

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-xs font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Create or edit a product (spec 001 §5): the shared schema checks it here, the same schema on the
 * server; the server's field messages (a taken SKU) land on their fields.
 */
export function ProductFormDialog({
  product,
  open,
  onClose,
  onSaved,
}: {
  product: ProductDto | undefined;
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [grid, setGridState] = useState<GridState>(() => gridOf(product));
  const [gridErrors, setGridErrors] = useState<GridErrors>(noGridErrors);
  const [images, setImages] = useState<string[]>(() => product?.images ?? []);
  const [queued, setQueued] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const save = useSaveProduct();
  const queryClient = useQueryClient();
  const store = useStore();
  // What an empty PIX price means: the settings' discount off the price.
  const emptyPix = store ? (pixDiscountNote(store) ?? 'sem desconto') : 'desconto PIX da loja';

  const set =
    (key: keyof Values) =>
    (event: { target: { value: string; checked?: boolean; type?: string } }) =>
      setValues((current) => ({
        ...current,
        [key]:
          event.target.type === 'checkbox' ? Boolean(event.target.checked) : event.target.value,
      }));

  // A change to the options moves rows around: messages placed by row position would then
  // point at the wrong row, so they go; a change inside a row keeps them.
  const setGrid = (change: (state: GridState) => GridState) => {
    const next = change(grid);
    if (next.rows.length !== grid.rows.length || next.options !== grid.options) {
      setGridErrors(noGridErrors());
    }
    setGridState(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values, images, grid);
    const parsed = adminProductFormSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      const nextGrid = noGridErrors();
      const optionAt = optionPositions(grid);
      // An incomplete option is said once, on the option, not again on every row lacking it.
      const optionIssue = parsed.error.issues.some((issue) => issue.path[0] === 'options');
      for (const issue of parsed.error.issues) {
        const path = issue.path.filter((key) => typeof key !== 'symbol');
        if (optionIssue && path[0] === 'variants' && path[2] === 'option_values') continue;
        if (!placeGridError(nextGrid, path, issue.message, optionAt)) {
          next[String(path[0])] ??= issue.message;
        }
      }
      setErrors(next);
      setGridErrors(nextGrid);
      return;
    }
    setErrors({});
    setGridErrors(noGridErrors());
    save.mutate(
      { id: product?.id ?? null, body },
      {
        onSuccess: ({ product: saved }) => {
          if (product) return onSaved(`Produto atualizado: ${saved.name}`);
          setUploading(true);
          void uploadQueued(saved.id, queued).then((failed) => {
            setUploading(false);
            void queryClient.invalidateQueries({ queryKey: ['admin'] });
            onSaved(
              failed.length === 0
                ? `Produto criado: ${saved.name}`
                : `Produto criado: ${saved.name}. Fotos não enviadas: ${failed.join('; ')}`,
            );
          });
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const next: Record<string, string> = {};
          const nextGrid = noGridErrors();
          const optionAt = optionPositions(grid);
          for (const [field, messages] of Object.entries(error.fields)) {
            const key = field.replace(/^product\./, '');
            for (const message of messages) {
              if (!placeGridError(nextGrid, key.split('.'), message, optionAt)) {
                next[key] ??= message;
              }
            }
          }
          setErrors(next);
          setGridErrors(nextGrid);
        },
      },
    );
  };

  const aria = (key: string) => ({
    id: `produto-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `produto-${key}-erro` : undefined,
    className: inputClass,
  });
  // With options, SKU and stock belong to each variant; the product's SKU is the prefix the
  // variants' suggested SKUs start with.
  const hasGrid = gridOptions(grid.options).length > 0;
  const rowsWithErrors = Object.keys(gridErrors.rows).length;
  const serverError =
    save.error && !(save.error instanceof ApiError && Object.keys(save.error.fields).length > 0)
      ? save.error.message
      : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !save.isPending && !uploading) onClose();
      }}
      title={product ? 'Editar produto' : 'Novo produto'}
      className={hasGrid ? 'max-w-2xl lg:max-w-6xl' : 'max-w-2xl'}
    >
      <form noValidate onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id="produto-name" label="Nome" error={errors.name}>
            <input {...aria('name')} value={values.name} onChange={set('name')} maxLength={200} />
          </Field>
        </div>
        <Field id="produto-price" label="Preço (R$)" error={errors.price}>
          <input
            {...aria('price')}
            inputMode="decimal"
            value={values.price}
            onChange={set('price')}
          />
        </Field>
        <Field
          id="produto-pix_price"
          label={`Preço PIX (R$, vazio: ${emptyPix})`}
          error={errors.pix_price}
        >
          <input
            {...aria('pix_price')}
            inputMode="decimal"
            value={values.pix_price}
            onChange={set('pix_price')}
          />
        </Field>
        <Field id="produto-category" label="Categoria" error={errors.category}>
          <select {...aria('category')} value={values.category} onChange={set('category')}>
            <option value="">Escolha</option>
            {CATEGORY_SLUGS.map((slug) => (
              <option key={slug} value={slug}>
                {CATEGORY_LABELS[slug]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="produto-subcategory" label="Subcategoria" error={errors.subcategory}>
          <input
            {...aria('subcategory')}
            value={values.subcategory}
            onChange={set('subcategory')}
          />
        </Field>
        <Field
          id="produto-sku"
          label={hasGrid ? 'SKU base (vazio: gerado)' : 'SKU (vazio: gerado)'}
          error={errors.sku}
        >
          <input {...aria('sku')} value={values.sku} onChange={set('sku')} maxLength={60} />
        </Field>
        {hasGrid ? null : (
          <Field id="produto-stock_quantity" label="Estoque" error={errors.stock_quantity}>
            <input
              {...aria('stock_quantity')}
              inputMode="numeric"
              value={values.stock_quantity}
              onChange={set('stock_quantity')}
            />
          </Field>
        )}
        <Field id="produto-display_status" label="Exibição" error={errors.display_status}>
          <select
            {...aria('display_status')}
            value={values.display_status}
            onChange={set('display_status')}
          >
            <option value="visible">Visível</option>
            <option value="featured">Destaque</option>
          </select>
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-ink-900">
          <input
            type="checkbox"
            checked={values.active}
            onChange={set('active')}
            className="size-5 accent-ink-900"
          />
          Ativo (à venda)
        </label>
        {hasGrid ? null : (
          <>
            <Field id="produto-sizes" label="Tamanhos (separados por vírgula)" error={errors.sizes}>
              <input {...aria('sizes')} value={values.sizes} onChange={set('sizes')} />
            </Field>
            <Field
              id="produto-measures"
              label="Medidas (separadas por vírgula)"
              error={errors.measures}
            >
              <input {...aria('measures')} value={values.measures} onChange={set('measures')} />
            </Field>
          </>
        )}
        <div className="sm:col-span-2">
          <Field id="produto-description" label="Descrição" error={errors.description}>
            <textarea
              {...aria('description')}
              rows={4}
              value={values.description}
              onChange={set('description')}
            />
          </Field>
        </div>
        <ProductPhotosField
          productId={product?.id ?? null}
          images={images}
          onImagesChange={setImages}
          queued={queued}
          onQueuedChange={setQueued}
        />
        <VariantGridField
          state={grid}
          setGrid={setGrid}
          productSku={values.sku}
          productPrice={values.price}
          productPixPrice={values.pix_price}
          images={images}
          errors={gridErrors}
        />
        {product ? <StockAlertWaiting product={product} /> : null}
        {rowsWithErrors > 0 ? (
          // The grid may be long: the message by the button says where to look.
          <FormAlert
            kind="error"
            className="sm:col-span-2"
            messages={[
              rowsWithErrors === 1
                ? 'Corrija a variante marcada.'
                : `Corrija as ${rowsWithErrors} variantes marcadas.`,
            ]}
          />
        ) : null}
        {serverError ? (
          <FormAlert kind="error" className="sm:col-span-2" messages={[serverError]} />
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="ghost">Cancelar</Button>
          </DialogClose>
          <Button type="submit" disabled={save.isPending || uploading}>
            {uploading ? 'Enviando fotos...' : save.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
