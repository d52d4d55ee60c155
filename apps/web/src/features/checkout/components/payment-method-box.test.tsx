import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { seedStore } from '../../../lib/testing/store-fixture.ts';
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

function renderBox(settings: Parameters<typeof seedStore>[1] = {}) {
  return render(
    <QueryClientProvider client={seedStore(new QueryClient(), settings)}>
      <PaymentMethodBox />
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
});
