import type { StoreSettingsInput } from '@lumina/shared/settings/store-settings';
import { publicStoreJson } from '@lumina/shared/settings/store-settings';
import { createStoreSettings } from '@lumina/shared/test-support/store-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { storeQueryOptions } from '../../lib/store-settings.ts';
import { Component as PrivacyPolicy } from './privacy-policy.tsx';

/** /politica-privacidade with the shop's settings as GET /api/store answers them. */
function renderPolicy(settings: Partial<StoreSettingsInput>, privacyChangedAt: Date | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(storeQueryOptions().queryKey, {
    store: publicStoreJson(createStoreSettings(settings), privacyChangedAt),
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PrivacyPolicy />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const officerSection = () =>
  screen.getByRole('region', { name: '12. Contato do encarregado de dados (DPO)' });

it("dates the default text by the text's own date and sends data requests to the SAC", () => {
  renderPolicy({}, null);
  expect(screen.getByText('Última atualização: 27/11/2026')).toBeVisible();
  const contact = officerSection();
  expect(within(contact).getByText(/fale com o nosso atendimento/)).toBeVisible();
  expect(within(contact).getByRole('link', { name: 'sac@lumina.com.br' })).toHaveAttribute(
    'href',
    'mailto:sac@lumina.com.br',
  );
});

it('dates the policy by the last change of what it shows, and names the officer', () => {
  renderPolicy(
    { dpo_name: 'Marina Lopes', dpo_email: 'dpo@lumina.com.br' },
    new Date('2027-03-10T15:00:00Z'),
  );
  expect(screen.getByText('Última atualização: 10/03/2027')).toBeVisible();
  const contact = officerSection();
  expect(within(contact).getByText(/Nosso encarregado .* é Marina Lopes\./)).toBeVisible();
  expect(within(contact).getByRole('link', { name: 'dpo@lumina.com.br' })).toHaveAttribute(
    'href',
    'mailto:dpo@lumina.com.br',
  );
  expect(within(contact).queryByText('sac@lumina.com.br')).not.toBeInTheDocument();
});

it('says what reviews keep and publish, and that erasure removes them', () => {
  renderPolicy({}, null);
  expect(screen.getByText(/a nota, o comentário e a foto que você envia/)).toBeVisible();
  expect(screen.getByText(/com o seu primeiro nome e a variação comprada/)).toBeVisible();
  expect(
    screen.getByText(/suas avaliações, publicadas ou não, são apagadas com as fotos/),
  ).toBeVisible();
});
