import { BRAZIL_STATES, type StateCode } from '@lumina/shared/addresses/brazil-states';
import { BRAZIL_REGIONS } from '../model/brazil-regions.ts';
import { Choice, ChoiceGroup } from './coupon-choice.tsx';

/**
 * Where free shipping holds: the whole country, or states ticked one by one or a region at a
 * time (the usual wish: 'frete grátis para o Sudeste').
 */
export function CouponStatesField({
  allStates,
  states,
  onChange,
  error,
}: {
  allStates: boolean;
  states: readonly string[];
  onChange: (change: { all_states?: boolean; states?: string[] }) => void;
  error?: string;
}) {
  const ticked = new Set(states);
  const setRegion = (codes: readonly StateCode[], on: boolean) => {
    const next = new Set(ticked);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    onChange({ states: [...next] });
  };
  return (
    <ChoiceGroup id="cupom-states" legend="Estados de entrega" error={error}>
      <Choice checked={allStates} onChange={(on) => onChange({ all_states: on })}>
        Todo o Brasil
      </Choice>
      {allStates ? null : (
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {BRAZIL_REGIONS.map((region) => {
            const count = region.states.filter((code) => ticked.has(code)).length;
            return (
              <div key={region.name} className="rounded-xl border border-ink-300/60 p-3">
                <Choice
                  className="font-semibold"
                  checked={count === region.states.length}
                  indeterminate={count > 0 && count < region.states.length}
                  onChange={(on) => setRegion(region.states, on)}
                >
                  {region.name}
                </Choice>
                <div className="grid grid-cols-4 gap-x-2 pl-2 sm:grid-cols-2">
                  {region.states.map((code) => (
                    <Choice
                      key={code}
                      checked={ticked.has(code)}
                      onChange={(on) => setRegion([code], on)}
                    >
                      <span>
                        {code} <span className="sr-only">({BRAZIL_STATES[code]})</span>
                      </span>
                    </Choice>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </ChoiceGroup>
  );
}
