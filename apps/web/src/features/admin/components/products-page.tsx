import {
  ADMIN_PRODUCT_FILTERS,
  ADMIN_PRODUCT_SORTS,
  type AdminProductFilter,
  type AdminProductRow,
  type AdminProductSort,
} from '@lumina/shared/admin/admin-products';
import { syncLabelKey, SYNC_STATUS_LABELS } from '@lumina/shared/admin/sync-status';
import { CATEGORY_LABELS } from '@lumina/shared/catalog/categories';
import { optionValuesLabel } from '@lumina/shared/catalog/variants';
import { formatBRL } from '@lumina/shared/format/money';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  type AdminProductParams,
  useAdminProduct,
  useAdminProducts,
  useDeleteProduct,
} from '../api/catalog.ts';
import { ConfirmDialog, type RowDialogProps } from './dialog-actions.tsx';
import { BlingPanel } from './bling-panel.tsx';
import { ProductFormDialog } from './product-form-dialog.tsx';
import { CACHED_DATA_NOTICE, StatCards } from './stat-cards.tsx';

const FILTER_LABELS: Record<AdminProductFilter, string> = {
  all: 'Todos',
  bling: 'Bling',
  local: 'Locais',
  pending: 'Pendentes',
  failed: 'Com falha',
};

const SORT_LABELS: Record<AdminProductSort, string> = {
  id: 'Mais recentes (ID)',
  name: 'Nome',
  price: 'Preço',
  category: 'Categoria',
};

const SYNC_VARIANTS = {
  bling: 'ink',
  pending: 'gold',
  failed: 'sale',
  local: 'muted',
} as const satisfies Record<keyof typeof SYNC_STATUS_LABELS, BadgeVariant>;

function paramsFrom(search: URLSearchParams): AdminProductParams {
  const filter = search.get('filter');
  const sort = search.get('sort');
  const direction = search.get('direction');
  const page = Number(search.get('page'));
  return {
    ...(ADMIN_PRODUCT_FILTERS.includes(filter as AdminProductFilter)
      ? { filter: filter as AdminProductFilter }
      : {}),
    ...(ADMIN_PRODUCT_SORTS.includes(sort as AdminProductSort)
      ? { sort: sort as AdminProductSort }
      : {}),
    ...(direction === 'asc' || direction === 'desc' ? { direction } : {}),
    ...(search.get('q') ? { q: search.get('q') ?? '' } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
  };
}

function SyncBadge({ product }: { product: AdminProductRow }) {
  const key = syncLabelKey(product);
  return (
    <span title={product.sync_error ?? undefined}>
      <Badge variant={SYNC_VARIANTS[key]}>{SYNC_STATUS_LABELS[key]}</Badge>
    </span>
  );
}

function StatusText({ product }: { product: AdminProductRow }) {
  if (!product.active) return <span className="text-sale">Inativo</span>;
  if (product.display_status === 'hidden') return <span className="text-ink-700">Oculto</span>;
  if (product.display_status === 'featured') return <span className="text-gold-700">Destaque</span>;
  return <span className="text-ink-800">Visível</span>;
}

/** What the list shows of a variant. */
type VariantSummary = AdminProductRow['variants'][number];

/** A row's live variants, in the grid's order. */
function variantsOf(product: AdminProductRow): VariantSummary[] {
  return product.variants;
}

/** Active variants at zero: what the owner has to restock. */
function soldOut(variants: VariantSummary[]): number {
  return variants.filter((variant) => variant.active && variant.stock_quantity === 0).length;
}

function SoldOutCount({ product }: { product: AdminProductRow }) {
  const variants = variantsOf(product);
  const count = variants.length > 1 ? soldOut(variants) : 0;
  if (count === 0) return null;
  return (
    <span className="block text-xs font-semibold text-sale">
      {count === 1 ? '1 variante esgotada' : `${count} variantes esgotadas`}
    </span>
  );
}

function VariantsToggle({
  product,
  open,
  controls,
  onToggle,
}: {
  product: AdminProductRow;
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  const count = variantsOf(product).length;
  if (count < 2) return null;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      aria-label={`${open ? 'Ocultar' : 'Ver'} variantes de ${product.name}`}
      className="-mx-1 min-h-11 rounded-lg px-1 text-left text-sm font-medium text-ink-900 underline underline-offset-2 hover:text-gold-700"
    >
      {open ? 'Ocultar variantes' : `Ver variantes (${count})`}
    </button>
  );
}

function VariantList({ product, id }: { product: AdminProductRow; id: string }) {
  return (
    <ul id={id} aria-label={`Variantes de ${product.name}`} className="divide-y divide-ink-300/40">
      {variantsOf(product).map((variant) => (
        <li key={variant.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
          <span className="min-w-0 flex-1">
            <span className="block text-ink-900">
              {optionValuesLabel(variant.option_values) || variant.sku}
            </span>
            <span className="block text-ink-700">{variant.sku}</span>
          </span>
          {variant.active ? null : <span className="text-ink-700">Inativa</span>}
          <span className={cn('text-ink-900', variant.stock_quantity === 0 && 'text-sale')}>
            Estoque {variant.stock_quantity}
          </span>
          {variant.stock_quantity === 0 ? <Badge variant="sale">Esgotado</Badge> : null}
        </li>
      ))}
    </ul>
  );
}

/** Opens the edit form once the product's full record has arrived. */
function EditProduct({
  id,
  onClose,
  onSaved,
}: {
  id: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const product = useAdminProduct(id);
  if (product.isError) {
    return <FormAlert kind="error" messages={[product.error.message]} />;
  }
  if (!product.data) return null;
  return (
    <ProductFormDialog open product={product.data.product} onClose={onClose} onSaved={onSaved} />
  );
}

function DeleteProduct({
  product,
  onClose,
  onDone,
}: { product: AdminProductRow } & RowDialogProps) {
  const remove = useDeleteProduct();
  return (
    <ConfirmDialog
      title="Excluir produto"
      description={`Excluir ${product.name}? Se algum pedido tiver este produto, ele sai da loja (inativo e oculto) e continua nos pedidos.`}
      action="Excluir"
      pendingLabel="Excluindo..."
      mutation={remove}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(product.id, {
          onSuccess: ({ retired }) =>
            onDone(
              retired
                ? `${product.name} saiu da loja (está em pedidos, por isso foi retirado e não excluído).`
                : `${product.name} foi excluído.`,
            ),
        })
      }
    />
  );
}

function RowActions({
  product,
  onEdit,
  onDelete,
}: {
  product: AdminProductRow;
  onEdit: (id: number) => void;
  onDelete: (product: AdminProductRow) => void;
}) {
  return (
    <span className="flex gap-1">
      <Button
        size="sm"
        variant="outline"
        onClick={() => onEdit(product.id)}
        aria-label={`Editar ${product.name}`}
      >
        Editar
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onDelete(product)}
        aria-label={`Excluir ${product.name}`}
      >
        Excluir
      </Button>
    </span>
  );
}

function Controls({ params }: { params: AdminProductParams }) {
  const [search, setSearch] = useSearchParams();
  const [q, setQ] = useState(params.q ?? '');
  const id = useId();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setSearch(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: q.trim() || undefined });
  };
  const active = params.filter ?? 'all';
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Filtrar produtos" className="flex flex-wrap gap-2">
        {ADMIN_PRODUCT_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={active === filter}
            onClick={() => update({ filter: filter === 'all' ? undefined : filter })}
            className={cn(
              'min-h-10 rounded-full border px-4 text-sm font-medium',
              active === filter
                ? 'border-ink-900 bg-ink-900 text-cream-50'
                : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900',
            )}
          >
            {FILTER_LABELS[filter]}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <form
          role="search"
          aria-label="Buscar no catálogo"
          onSubmit={submit}
          className="flex min-w-60 flex-1 gap-2"
        >
          <label htmlFor={`${id}-q`} className="sr-only">
            Buscar por nome ou SKU
          </label>
          <input
            id={`${id}-q`}
            type="search"
            maxLength={100}
            placeholder="Buscar por nome ou SKU"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            className="w-full rounded-xl border border-ink-300 bg-white px-3 py-2 text-base"
          />
          <Button type="submit" size="sm">
            Buscar
          </Button>
        </form>
        <label htmlFor={`${id}-sort`} className="sr-only">
          Ordenar por
        </label>
        <select
          id={`${id}-sort`}
          value={params.sort ?? 'id'}
          onChange={(event) => update({ sort: event.target.value })}
          className="rounded-xl border border-ink-300 bg-white px-3 py-2 text-base"
        >
          {ADMIN_PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <Button
          variant="outline"
          size="sm"
          onClick={() => update({ direction: params.direction === 'asc' ? 'desc' : 'asc' })}
        >
          {params.direction === 'asc' ? 'Crescente ↑' : 'Decrescente ↓'}
        </Button>
      </div>
    </div>
  );
}

/** The panel's catalogue (spec 001 §2): stat cards, filters, the product table with its sync. */
export function ProductsPage() {
  const [search] = useSearchParams();
  const params = paramsFrom(search);
  const products = useAdminProducts(params);
  const data = products.data;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminProductRow | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const done = (message: string) => {
    setCreating(false);
    setEditing(null);
    setDeleting(null);
    setResult(message);
  };
  return (
    <section aria-labelledby="produtos-admin" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="produtos-admin" className="font-serif text-3xl text-ink-900">
          Produtos
        </h1>
        <Button
          onClick={() => {
            setResult(null);
            setCreating(true);
          }}
        >
          Novo produto
        </Button>
      </div>
      {result ? <FormAlert kind="success" messages={[result]} /> : null}
      {creating ? (
        <ProductFormDialog
          open
          product={undefined}
          onClose={() => setCreating(false)}
          onSaved={done}
        />
      ) : null}
      {editing !== null ? (
        <EditProduct key={editing} id={editing} onClose={() => setEditing(null)} onSaved={done} />
      ) : null}
      {deleting ? (
        <DeleteProduct product={deleting} onClose={() => setDeleting(null)} onDone={done} />
      ) : null}
      <StatCards />
      <BlingPanel />
      <Controls key={search.toString()} params={params} />
      {products.isError && data ? (
        <FormAlert kind="warning" messages={[CACHED_DATA_NOTICE]} />
      ) : null}
      {products.isError && !data ? (
        <FormAlert kind="error" messages={[products.error.message]} />
      ) : null}
      {products.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando produtos..." />
        </div>
      ) : null}
      {data ? (
        <>
          <p className="text-sm text-ink-700" aria-live="polite">
            {data.total === 1 ? '1 produto' : `${data.total} produtos`}
          </p>
          <ul className="space-y-3 md:hidden">
            {data.products.map((product) => (
              <li
                key={product.id}
                className="flex gap-3 rounded-2xl border border-ink-300/60 bg-white p-3"
              >
                {product.image ? (
                  <img
                    src={product.image}
                    alt=""
                    width={56}
                    height={56}
                    className="size-14 shrink-0 rounded-lg bg-cream-100 object-cover"
                  />
                ) : null}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold text-ink-900">{product.name}</p>
                  <p className="text-ink-700">
                    {product.sku} · {CATEGORY_LABELS[product.category]}
                  </p>
                  <p className="mt-1 text-ink-900">
                    {formatBRL(product.price_cents)} · PIX {formatBRL(product.pix_price_cents)}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2">
                    <span className="text-ink-800">Estoque {product.stock_quantity}</span>
                    <StatusText product={product} />
                    <SyncBadge product={product} />
                  </p>
                  <SoldOutCount product={product} />
                  <VariantsToggle
                    product={product}
                    open={expanded.has(product.id)}
                    controls={`variantes-cartao-${product.id}`}
                    onToggle={() => toggle(product.id)}
                  />
                  {expanded.has(product.id) ? (
                    <VariantList product={product} id={`variantes-cartao-${product.id}`} />
                  ) : null}
                  <div className="mt-2">
                    <RowActions
                      product={product}
                      onEdit={(id) => {
                        setResult(null);
                        setEditing(id);
                      }}
                      onDelete={setDeleting}
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-2xl border border-ink-300/60 bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-cream-100 text-ink-800">
                <tr>
                  <th scope="col" className="px-3 py-3 font-semibold">
                    ID
                  </th>
                  <th scope="col" className="px-3 py-3 font-semibold">
                    Produto
                  </th>
                  <th scope="col" className="px-3 py-3 font-semibold">
                    Categoria
                  </th>
                  <th scope="col" className="px-3 py-3 text-right font-semibold">
                    Preço
                  </th>
                  <th scope="col" className="px-3 py-3 text-right font-semibold">
                    PIX
                  </th>
                  <th scope="col" className="px-3 py-3 text-right font-semibold">
                    Estoque
                  </th>
                  <th scope="col" className="px-3 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-3 font-semibold">
                    Sincronização
                  </th>
                  <th scope="col" className="px-3 py-3 font-semibold">
                    <span className="sr-only">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-300/40">
                {data.products.map((product) => (
                  <Fragment key={product.id}>
                    <tr>
                      <td className="px-3 py-2 text-ink-700">{product.id}</td>
                      <td className="px-3 py-2">
                        <span className="flex items-center gap-2">
                          {product.image ? (
                            <img
                              src={product.image}
                              alt=""
                              width={40}
                              height={40}
                              className="size-10 shrink-0 rounded-lg bg-cream-100 object-cover"
                            />
                          ) : null}
                          <span>
                            <span className="block text-ink-900">{product.name}</span>
                            <span className="block text-ink-700">{product.sku}</span>
                            <VariantsToggle
                              product={product}
                              open={expanded.has(product.id)}
                              controls={`variantes-linha-${product.id}`}
                              onToggle={() => toggle(product.id)}
                            />
                          </span>
                        </span>
                      </td>
                      <td className="px-3 py-2">{CATEGORY_LABELS[product.category]}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap">
                        {formatBRL(product.price_cents)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap">
                        {formatBRL(product.pix_price_cents)}
                      </td>
                      <td
                        className={cn(
                          'px-3 py-2 text-right',
                          product.stock_quantity === 0 && 'text-sale',
                        )}
                      >
                        {product.stock_quantity}
                        <SoldOutCount product={product} />
                      </td>
                      <td className="px-3 py-2">
                        <StatusText product={product} />
                      </td>
                      <td className="px-3 py-2">
                        <SyncBadge product={product} />
                      </td>
                      <td className="px-3 py-2">
                        <RowActions
                          product={product}
                          onEdit={(id) => {
                            setResult(null);
                            setEditing(id);
                          }}
                          onDelete={setDeleting}
                        />
                      </td>
                    </tr>
                    {expanded.has(product.id) ? (
                      <tr>
                        <td colSpan={9} className="bg-cream-50 px-6 py-1">
                          <VariantList product={product} id={`variantes-linha-${product.id}`} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          {data.products.length === 0 ? (
            <p className="py-6 text-center text-ink-700">Nenhum produto encontrado.</p>
          ) : null}
          <Pagination page={data.page} totalPages={data.total_pages} label="Páginas de produtos" />
        </>
      ) : null}
    </section>
  );
}
