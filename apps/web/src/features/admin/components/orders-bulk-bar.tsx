import type { AdminOrderRow } from '@lumina/shared/admin/admin-orders';
import {
  type BulkLabelResultJson,
  MAX_LABELS_AT_ONCE,
} from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_ACTIONS } from '@lumina/shared/fulfilment/fulfilment-texts';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { cn } from '../../../lib/cn.ts';
import { openPendingTab } from '../../../lib/pending-tab.ts';
import { useBuyLabels, usePrintLabels } from '../api/labels.ts';
import { OpenLink } from './open-link.tsx';
import type { RowSelection } from './use-row-selection.ts';
import { useSingleFlight } from './use-single-flight.ts';

type BulkAction = 'buy' | 'print';

const TOO_MANY = `Selecione até ${MAX_LABELS_AT_ONCE} pedidos por vez.`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a bulk purchase did, order by order: how many were bought, and why the others were not. */
function Results({
  results,
  numberOf,
}: {
  results: readonly BulkLabelResultJson[];
  numberOf: (orderId: number) => string;
}) {
  const failed = results.filter((result) => result.error !== undefined);
  const bought = results.length - failed.length;
  const title = `${plural(bought, 'etiqueta gerada', 'etiquetas geradas')} de ${results.length}.`;
  if (failed.length === 0) return <FormAlert kind="success" messages={[title]} />;
  return (
    <FormAlert
      kind={bought === 0 ? 'error' : 'warning'}
      title={title}
      messages={failed.map((result) => `Pedido ${numberOf(result.order_id)}: ${result.error}`)}
    />
  );
}

/** The page's select-all box: ticked when every row is, half-ticked when some are. */
function SelectAll({
  rows,
  selection,
}: {
  rows: readonly AdminOrderRow[];
  selection: RowSelection;
}) {
  const box = useRef<HTMLInputElement>(null);
  const picked = rows.filter((row) => selection.ids.has(row.id)).length;
  const all = rows.length > 0 && picked === rows.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = picked > 0 && !all;
  }, [picked, all]);
  return (
    <label className="inline-flex min-h-11 items-center gap-3 pr-2 text-sm font-medium text-ink-900">
      <input
        ref={box}
        type="checkbox"
        className="size-5 accent-ink-900"
        checked={all}
        onChange={(event) =>
          selection.setAll(
            rows.map((row) => row.id),
            event.target.checked,
          )
        }
      />
      Selecionar todos da página
    </label>
  );
}

/**
 * Above the list: tick the page's orders, then buy their labels at once ('Gerar etiquetas',
 * with what happened to each) and print them in one PDF ('Imprimir etiquetas').
 */
export function OrdersBulkBar({
  rows,
  selection,
}: {
  rows: readonly AdminOrderRow[];
  selection: RowSelection;
}) {
  const buy = useBuyLabels();
  const print = usePrintLabels();
  const { busy, failure, run } = useSingleFlight<BulkAction>();
  const [results, setResults] = useState<BulkLabelResultJson[] | null>(null);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const hintId = useId();

  const ids = rows.filter((row) => selection.ids.has(row.id)).map((row) => row.id);
  const tooMany = ids.length > MAX_LABELS_AT_ONCE;
  const disabled = ids.length === 0 || tooMany || busy !== null;
  const numberOf = (orderId: number) =>
    rows.find((row) => row.id === orderId)?.order_number ?? `#${orderId}`;

  const buyLabels = () =>
    void run('buy', async () => {
      setResults(null);
      setBlockedUrl(null);
      const answer = await buy.mutateAsync(ids);
      setResults(answer.results);
    });

  const printLabels = () =>
    void run('print', async () => {
      setBlockedUrl(null);
      const tab = openPendingTab();
      try {
        const { url } = await print.mutateAsync(ids);
        if (!tab.show(url)) setBlockedUrl(url);
      } catch (error) {
        tab.close();
        throw error;
      }
    });

  return (
    <div className="mt-3 space-y-2">
      <div
        role="group"
        aria-label="Pedidos selecionados"
        className={cn(
          'flex flex-wrap items-center gap-2 rounded-2xl border border-ink-300/60 bg-cream-50/95 p-2 sm:px-4',
          // Once something is ticked the buttons stay in reach while the owner scrolls the rows.
          ids.length > 0 && 'sticky top-0 z-10',
        )}
      >
        <SelectAll rows={rows} selection={selection} />
        <p className="mr-auto text-sm text-ink-700" aria-live="polite">
          {plural(ids.length, 'selecionado', 'selecionados')}
        </p>
        <Button
          disabled={disabled}
          aria-busy={busy === 'buy'}
          aria-describedby={tooMany ? hintId : undefined}
          onClick={buyLabels}
        >
          {busy === 'buy' ? 'Gerando etiquetas...' : FULFILMENT_ACTIONS.buyLabels}
        </Button>
        <Button
          variant="outline"
          disabled={disabled}
          aria-busy={busy === 'print'}
          aria-describedby={tooMany ? hintId : undefined}
          onClick={printLabels}
        >
          {busy === 'print' ? 'Abrindo etiquetas...' : FULFILMENT_ACTIONS.printLabels}
        </Button>
      </div>
      {tooMany ? (
        <p id={hintId} className="text-sm text-ink-700">
          {TOO_MANY}
        </p>
      ) : null}
      {failure ? <FormAlert kind="error" messages={[failure.message]} /> : null}
      {results ? <Results results={results} numberOf={numberOf} /> : null}
      {blockedUrl ? <OpenLink href={blockedUrl}>Abrir as etiquetas (PDF)</OpenLink> : null}
    </div>
  );
}
