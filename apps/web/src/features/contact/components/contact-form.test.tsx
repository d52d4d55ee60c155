import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form.tsx';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('ContactForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the shared pt-BR messages and sends nothing when fields are empty or invalid', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderForm();
    fill('E-mail', 'nao-e-email');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));

    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Email inválido')).toBeInTheDocument();
    expect(screen.getByText('Mensagem é obrigatória')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('counts characters and stops at the limits', () => {
    renderForm();
    fill('Nome', 'x'.repeat(120));
    expect(screen.getByLabelText('Nome')).toHaveValue('x'.repeat(100));
    expect(screen.getByText('100/100')).toBeInTheDocument();
    fill('Mensagem', 'Olá');
    expect(screen.getByText('3/1000')).toBeInTheDocument();
  });

  it('posts {name, email, message} trimmed and shows the server confirmation', async () => {
    const fetchSpy = vi.fn(() =>
      Promise.resolve(jsonResponse(201, { success: true, message: 'Mensagem recebida!' })),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderForm();
    fill('Nome', ' Ana Souza ');
    fill('E-mail', 'ana@example.com');
    fill('Mensagem', 'Qual a espessura do labret?');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));

    expect(await screen.findByText('Mensagem recebida!')).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      message: 'Qual a espessura do labret?',
    });
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveValue(''));
  });

  it('shows the server error and its field errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          // The API's error shape (apps/api/src/http/error-schema.ts).
          jsonResponse(422, {
            type: 'invalid_data',
            code: 'validation_failed',
            message: 'Dados inválidos',
            errors: ['Email inválido'],
            fields: { email: ['Email inválido'] },
          }),
        ),
      ),
    );
    renderForm();
    fill('Nome', 'Ana');
    fill('E-mail', 'ana@example.com');
    fill('Mensagem', 'Oi');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));

    expect(await screen.findByText('Dados inválidos')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Dados inválidos');
    expect(screen.getByText('Email inválido')).toBeInTheDocument();
  });
});
