import type { StorePayments } from '@lumina/shared/payments/card-instalments';
import type { StoreSettingsInput } from '@lumina/shared/settings/store-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import { CARD_AND_BOLETO, seedStore } from '../../lib/testing/store-fixture.ts';
import { Footer } from './footer.tsx';

function renderFooter(store: Partial<StoreSettingsInput> = {}, payments?: StorePayments) {
  const client = seedStore(new QueryClient(), store, payments);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('contentinfo');
}

const EMPTY_ADDRESS = {
  zip_code: '01310-100',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
};

it('says who sells: trade and legal name, CNPJ, address and the contacts of a filled-in shop', () => {
  const footer = within(renderFooter());
  expect(footer.getByText('Lumina Joias Ltda · CNPJ 11.222.333/0001-81')).toBeVisible();
  expect(
    footer.getByText(/© \d{4} Lumina Piercings\. Todos os direitos reservados\./),
  ).toBeVisible();
  expect(
    footer.getByText('Avenida Paulista, 1000, Sala 1 - Bela Vista - São Paulo/SP - CEP 01310-100'),
  ).toBeVisible();
  expect(footer.getByRole('link', { name: 'sac@lumina.com.br' })).toHaveAttribute(
    'href',
    'mailto:sac@lumina.com.br',
  );
  expect(footer.getByRole('link', { name: '(11) 3333-4444' })).toHaveAttribute(
    'href',
    'tel:+551133334444',
  );
  expect(footer.getByRole('link', { name: /WhatsApp \(11\) 98765-4321/ })).toHaveAttribute(
    'href',
    'https://wa.me/5511987654321',
  );
  expect(footer.getByText('Seg a sex, 9h às 18h')).toBeVisible();
  expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute(
    'href',
    'https://www.instagram.com/lumina',
  );
  // The written policies (the fixture has terms and returns, no shipping) and the privacy one.
  expect(footer.getByRole('link', { name: 'Termos de uso' })).toHaveAttribute(
    'href',
    '/termos-de-uso',
  );
  expect(footer.getByRole('link', { name: 'Trocas e devoluções' })).toHaveAttribute(
    'href',
    '/trocas-e-devolucoes',
  );
  expect(footer.queryByRole('link', { name: 'Política de envio' })).toBeNull();
  expect(footer.getByRole('link', { name: 'Política de Privacidade' })).toBeVisible();
});

it('leaves out what the owner has not filled in, and shows no WhatsApp without a number', () => {
  const footer = renderFooter({
    legal_name: '',
    document: '',
    address: EMPTY_ADDRESS,
    sac_email: '',
    phone: '',
    whatsapp: '',
    business_hours: '',
    social: { instagram: '', facebook: '', tiktok: '' },
    policies: { terms: '', returns: '', shipping: '' },
  });
  const text = footer.textContent;
  expect(text).not.toMatch(/CNPJ|CPF|CEP|Ltda|@|WhatsApp|Instagram|Termos de uso/);
  expect(
    within(footer)
      .queryAllByRole('link')
      .map((link) => link.getAttribute('href')),
  ).toEqual(['/produtos', '/categorias', '/#contato', '/politica-privacidade', '/gerenciar-dados']);
  expect(text).toMatch(/© \d{4} Lumina Piercings\. Todos os direitos reservados\./);
});

it('names a seller who sells under a CPF as such', () => {
  const footer = within(renderFooter({ legal_name: 'Ana Souza', document: '529.982.247-25' }));
  expect(footer.getByText('Ana Souza · CPF 529.982.247-25')).toBeVisible();
});

it('lists no card or boleto while the shop takes only PIX', () => {
  const footer = within(renderFooter());
  expect(footer.queryByText('Cartão de crédito')).toBeNull();
  expect(footer.queryByText('Boleto bancário')).toBeNull();
});

it('lists card, with the instalments the settings allow, and boleto once the shop takes them', () => {
  const footer = within(renderFooter({}, CARD_AND_BOLETO));
  expect(footer.getByText('Cartão de crédito').parentElement).toHaveTextContent(
    /^Cartão de crédito em \d+x sem juros/,
  );
  expect(footer.getByText('Boleto bancário')).toBeVisible();
});
