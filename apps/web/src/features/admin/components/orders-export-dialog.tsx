import {
  ORDERS_EXPORT_FORMAT_LABELS,
  ORDERS_EXPORT_FORMATS,
  ORDERS_EXPORT_MAX_DAYS,
  type OrdersExportFormat,
  ordersExportQuerySchema,
} from '@lumina/shared/admin/orders-export';
import { calendarDateOf } from '@lumina/shared/validation/calendar-date';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/ui-events.ts';
import { useOrdersExport } from '../api/orders-export.ts';
import { DialogActions, DialogError } from './dialog-actions.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** The current month on the shop's calendar, first to last day, as the date inputs want it. */
export function currentMonth(now = new Date()): { from: string; to: string } {
  const { year, month } = calendarDateOf(now);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDay)}` };
}

type Field = 'from' | 'to' | 'format';

/** The schema's complaints by field, in the API's words. */
function localErrors(values: { from: string; to: string; format: string }) {
  const parsed = ordersExportQuerySchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (parsed.success) return { errors, query: parsed.data };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors, query: null };
}

function ExportForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState<{ from: string; to: string; format: OrdersExportFormat }>(
    () => ({ ...currentMonth(), format: 'csv' }),
  );
  const [tried, setTried] = useState(false);
  const exporter = useOrdersExport();
  const serverFields = exporter.error instanceof ApiError ? exporter.error.fields : {};
  const local = tried ? localErrors(values).errors : {};
  const fieldError = (field: Field) => local[field] ?? serverFields[field]?.[0];
  const hasServerField = (['from', 'to', 'format'] as const).some((f) => serverFields[f]?.[0]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const { query } = localErrors(values);
    if (!query) return;
    exporter.mutate(query, {
      onSuccess: () => {
        notify('Arquivo de pedidos baixado.', 'success');
        onDone();
      },
    });
  };
  const busy = exporter.isPending;

  return (
    <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-ink-900">Período</legend>
        <TextField
          id={`${id}-from`}
          label="De"
          type="date"
          required
          value={values.from}
          onChange={(event) => setValues((v) => ({ ...v, from: event.target.value }))}
          error={fieldError('from')}
        />
        <TextField
          id={`${id}-to`}
          label="Até"
          type="date"
          required
          value={values.to}
          onChange={(event) => setValues((v) => ({ ...v, to: event.target.value }))}
          error={fieldError('to')}
        />
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink-900">Formato</legend>
        <div className="flex flex-wrap gap-2">
          {ORDERS_EXPORT_FORMATS.map((format) => (
            <label
              key={format}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-ink-300 px-4 text-sm text-ink-900 has-[:checked]:border-ink-900"
            >
              <input
                type="radio"
                name={`${id}-format`}
                className="size-4 accent-ink-900"
                checked={values.format === format}
                onChange={() => setValues((v) => ({ ...v, format }))}
              />
              {ORDERS_EXPORT_FORMAT_LABELS[format]}
            </label>
          ))}
        </div>
        {fieldError('format') ? (
          <p className="mt-1 text-sm text-sale">{fieldError('format')}</p>
        ) : null}
      </fieldset>
      <DialogError error={hasServerField ? null : exporter.error} />
      <DialogActions>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Gerando arquivo...' : 'Baixar'}
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * 'Exportar' on the orders list, for the roles with 'reports': a period and a format, then the
 * file for the accountant (one line per item sold; the README says what each column holds).
 */
export function OrdersExportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Exportar
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Exportar pedidos"
        description={`Os pedidos feitos no período (horário de Brasília, até ${ORDERS_EXPORT_MAX_DAYS} dias), uma linha por item, para a contabilidade.`}
      >
        {open ? <ExportForm onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}
