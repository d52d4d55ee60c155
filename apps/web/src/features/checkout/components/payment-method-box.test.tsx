import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StorePayments } from '@lumina/shared/payments/card-instalments';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CARD_AND_BOLETO, seedStore } from '../../../lib/testing/store-fixture.ts';
import type { CheckoutPaymentMethod } from '../model/payment-choice.ts';
import { PaymentMethodBox } from './payment-method-box.tsx';

/** The theme's colours (--color-name: #rrggbb in styles.css), by Tailwind name. */
const COLOURS = new Map<string, string>([
  ['white', '#ffffff'],
  ...[
    // jsdom's URL is not one node:fs takes: the folder path instead.
    ...readFileSync(join(import.meta.dirname, '../../../styles.css'), 'utf8').matchAll(
      /--color-([\w-]+):\s*(#[0-9a-f]{6})/gi,
    ),
  ].map((match): [string, string] => [match[1] ?? '', match[2] ?? '']),
]);

function rgb(name: string): number[] {
  const hex = COLOURS.get(name);
  if (!hex) throw new Error(`no colour ${name} in styles.css`);
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
}

/** A utility's colour ('bg-success/10') over what lies beneath it ('text-xs' is no colour). */
function colourOf(classes: string, prefix: 'bg' | 'text', beneath: number[]): number[] {
  const match = classes
    .split(/\s+/)
    .map((name) => new RegExp(`^${prefix}-([a-z]+(?:-\\d+)?)(?:/(\\d+))?$`).exec(name))
    .find((found) => found !== null && COLOURS.has(found[1] ?? ''));
  if (!match) return beneath;
  const alpha = match[2] ? Number(match[2]) / 100 : 1;
  // The browser paints the blend in whole 8-bit channels.
  return rgb(match[1] ?? '').map((c, i) => Math.round(c * alpha + (beneath[i] ?? 0) * (1 - alpha)));
}

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = (colour: number[]) => {
    const [r, g, bl] = colour.map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** The box as the checkout holds it: the chosen method in state. */
function ChoosingBox({ onChange }: { onChange?: (method: CheckoutPaymentMethod) => void }) {
  const [method, setMethod] = useState<CheckoutPaymentMethod>('pix');
  return (
    <PaymentMethodBox
      value={method}
      onChange={(next) => {
        setMethod(next);
        onChange?.(next);
      }}
    />
  );
}

function renderBox(
  settings: Parameters<typeof seedStore>[1] = {},
  payments?: StorePayments,
  onChange?: (method: CheckoutPaymentMethod) => void,
) {
  return render(
    <QueryClientProvider client={seedStore(new QueryClient(), settings, payments)}>
      <ChoosingBox onChange={onChange} />
    </QueryClientProvider>,
  );
}

describe('PaymentMethodBox', () => {
  it("writes PIX's discount badge at 4.5:1 contrast or more (WCAG AA, small text)", async () => {
    renderBox();
    const badge = await screen.findByText('5% de desconto', {}, { timeout: 3000 });
    const row = badge.closest('label');
    const rowBackground = colourOf(row?.className ?? '', 'bg', rgb('white'));
    const background = colourOf(badge.className, 'bg', rowBackground);
    const text = colourOf(badge.className, 'text', rgb('ink-900'));
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it("says the settings' PIX discount, and no badge without one", async () => {
    const { unmount } = renderBox({ pix_discount_percent: 10 });
    expect(await screen.findByText('10% de desconto', {}, { timeout: 3000 })).toBeInTheDocument();
    unmount();
    renderBox({ pix_discount_percent: 0 });
    await screen.findByText('PIX', {}, { timeout: 3000 });
    expect(screen.queryByText(/de desconto/)).not.toBeInTheDocument();
  });

  it("lists card and boleto as 'Em breve', not choosable, while the shop is not configured for them", async () => {
    renderBox();
    const pix = await screen.findByRole('radio', { name: /^PIX/ }, { timeout: 3000 });
    expect(pix).toBeChecked();
    expect(screen.getByRole('radio', { name: /Cartão de crédito/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Boleto bancário/ })).toBeDisabled();
    expect(screen.getAllByText('Em breve')).toHaveLength(2);
  });

  it('lets the shopper choose a card or a boleto once configured, with no Em breve', async () => {
    const chosen = vi.fn<(method: CheckoutPaymentMethod) => void>();
    renderBox({}, CARD_AND_BOLETO, chosen);
    const card = await screen.findByRole('radio', { name: /Cartão de crédito/ }, { timeout: 3000 });
    expect(screen.queryByText('Em breve')).not.toBeInTheDocument();
    // The card line says the settings' instalments and that the PIX discount does not apply.
    expect(screen.getByText('3x sem juros ou até 12x; sem o desconto do PIX')).toBeInTheDocument();
    await userEvent.click(card);
    expect(card).toBeChecked();
    expect(screen.getByRole('radio', { name: /^PIX/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Boleto bancário/ }));
    expect(chosen.mock.calls.map(([method]) => method)).toEqual(['card', 'boleto']);
  });

  it("keeps 'Em breve' for the one method not configured", async () => {
    renderBox({}, { card: null, boleto: true });
    await screen.findByRole('radio', { name: /^PIX/ }, { timeout: 3000 });
    expect(screen.getByRole('radio', { name: /Cartão de crédito/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Boleto bancário/ })).toBeEnabled();
    expect(screen.getAllByText('Em breve')).toHaveLength(1);
  });
});
