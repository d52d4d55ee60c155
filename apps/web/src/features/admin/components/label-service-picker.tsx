import type { LabelServiceOptionJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { formatBRL } from '@lumina/shared/format/money';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLabelOptions } from '../api/labels.ts';

const CHOSEN_BY_SHOPPER = '(escolhido pelo cliente)';

const daysText = (days: number) => (days === 1 ? 'até 1 dia útil' : `até ${days} dias úteis`);

function optionName(option: LabelServiceOptionJson): string {
  return `${option.company} ${option.name}`;
}

function OptionFacts({ option }: { option: LabelServiceOptionJson }) {
  if (option.price_cents === null || option.delivery_days === null) {
    return <>Sem cotação do Melhor Envio agora</>;
  }
  return (
    <>
      {formatBRL(option.price_cents)} · {daysText(option.delivery_days)}
    </>
  );
}

export interface LabelServicePickerProps {
  orderId: number;
  /** The shopper's service as the order names it ('PAC'). */
  shopperService: string;
  /** The service the label will be bought with; null: the shopper's. */
  value: number | null;
  onChange: (serviceId: number | null) => void;
  disabled?: boolean;
}

/**
 * The service the label is bought with: the shopper's unless the owner opens 'Trocar serviço'
 * and picks another among those Melhor Envio quotes within the deadline the shopper was
 * promised. The quotes are asked for only then, never for every order page opened.
 */
export function LabelServicePicker({
  orderId,
  shopperService,
  value,
  onChange,
  disabled = false,
}: LabelServicePickerProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const query = useLabelOptions(orderId, open);
  const data = query.data;
  const picked = value === null ? undefined : data?.options.find((o) => o.service_id === value);

  // A choice the latest quotes no longer offer (later than promised now) goes back to the
  // shopper's service rather than being bought unseen.
  useEffect(() => {
    if (data && value !== null && !picked) onChange(null);
  }, [data, value, picked, onChange]);

  const selected = value ?? data?.chosen_service_id;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="min-w-0 text-sm text-ink-800">
          Serviço da etiqueta:{' '}
          <span className="font-medium text-ink-900">
            {picked ? optionName(picked) : `${shopperService} ${CHOSEN_BY_SHOPPER}`}
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={`${id}-servicos`}
          disabled={disabled}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'Fechar serviços' : 'Trocar serviço'}
        </Button>
      </div>
      {open ? (
        <div id={`${id}-servicos`} className="space-y-2">
          {query.isPending ? (
            <p className="flex items-center gap-2 text-sm text-ink-700">
              <Spinner size="sm" label="Buscando serviços" />
              Buscando os serviços no Melhor Envio...
            </p>
          ) : null}
          {query.isError ? (
            <div className="space-y-2">
              <FormAlert
                kind="error"
                title="Não foi possível buscar os serviços."
                messages={[query.error.message]}
              />
              <Button
                variant="outline"
                size="sm"
                disabled={query.isFetching}
                onClick={() => void query.refetch()}
              >
                Tentar de novo
              </Button>
            </div>
          ) : null}
          {data ? (
            <fieldset disabled={disabled} className="space-y-2">
              <legend className="text-sm font-medium text-ink-900">Serviços disponíveis</legend>
              <p className="text-sm text-ink-700">
                Só aparecem os serviços que entregam no prazo prometido ao cliente:{' '}
                {daysText(data.promised_days)}.
              </p>
              {data.options.map((option) => (
                <label
                  key={option.service_id}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-ink-300/60 p-3 has-[:checked]:border-ink-900"
                >
                  <input
                    type="radio"
                    name={`${id}-servico`}
                    value={option.service_id}
                    checked={selected === option.service_id}
                    onChange={() => onChange(option.chosen ? null : option.service_id)}
                    className="mt-0.5 size-5 shrink-0 accent-ink-900"
                  />
                  <span className="min-w-0 text-sm">
                    <span className="block font-medium break-words text-ink-900">
                      {optionName(option)}
                      {option.chosen ? ` ${CHOSEN_BY_SHOPPER}` : ''}
                    </span>
                    <span className="block text-ink-700">
                      <OptionFacts option={option} />
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
