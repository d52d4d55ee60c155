import type { PackingSlipLayout } from '@lumina/shared/fulfilment/fulfilment-json';
import { FULFILMENT_ACTIONS } from '@lumina/shared/fulfilment/fulfilment-texts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { openPendingTab } from '../../../lib/pending-tab.ts';
import { usePackingSlip } from '../api/packing-slip.ts';
import { OpenLink } from './open-link.tsx';
import { useSingleFlight } from './use-single-flight.ts';

const LAYOUTS = [
  ['a4', FULFILMENT_ACTIONS.packingSlipA4],
  ['thermal', FULFILMENT_ACTIONS.packingSlipThermal],
] as const satisfies readonly (readonly [PackingSlipLayout, string])[];

/**
 * 'Romaneio (A4)' and 'Romaneio (80 mm)': the slip comes through the panel's client (its route
 * wants the bearer token) and opens from memory in a new tab, where the owner prints it.
 */
export function PackingSlipButtons({ orderId }: { orderId: number }) {
  const slip = usePackingSlip(orderId);
  const { busy, failure, run } = useSingleFlight<PackingSlipLayout>();
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  // The page in memory lives as long as this card; the tab has read it long before.
  const shown = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );

  const open = (layout: PackingSlipLayout) =>
    void run(layout, async () => {
      setBlockedUrl(null);
      const tab = openPendingTab();
      try {
        const page = await slip.mutateAsync(layout);
        if (shown.current) URL.revokeObjectURL(shown.current);
        shown.current = URL.createObjectURL(page);
        if (!tab.show(shown.current)) setBlockedUrl(shown.current);
      } catch (error) {
        tab.close();
        throw error;
      }
    });

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {LAYOUTS.map(([layout, label]) => (
          <Button
            key={layout}
            variant="outline"
            disabled={busy !== null}
            aria-busy={busy === layout}
            onClick={() => open(layout)}
          >
            {label}
          </Button>
        ))}
      </div>
      {failure ? <FormAlert kind="error" messages={[failure.message]} /> : null}
      {blockedUrl ? <OpenLink href={blockedUrl}>Abrir o romaneio</OpenLink> : null}
    </div>
  );
}
