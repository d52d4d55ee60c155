import { PRIVACY_TEXTS } from '@lumina/shared/privacy/privacy-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import type { FakeRequest } from '../../../lib/auth/testing/fake-api.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { toastChannel, type ToastMessage } from '../../../lib/ui-events.ts';
import {
  blobText,
  captureSavedFiles,
  createConsents,
  createDataExport,
  createPrivacyRequest,
  fakePrivacyApi,
  renderPrivacy,
  storeLogin,
  type SavedFile,
} from '../testing/privacy-fixtures.tsx';
import type { CookieChoice } from './consents-card.tsx';
import { ManageDataPage } from './manage-data-page.tsx';

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
let files: { saved: SavedFile[]; restore: () => void };

beforeEach(() => {
  localStorage.clear();
  storeLogin();
  toasts = [];
  unsubscribe = toastChannel.subscribe((toast) => toasts.push(toast));
  files = captureSavedFiles();
});
afterEach(() => {
  unsubscribe();
  files.restore();
  vi.unstubAllGlobals();
});

const renderPage = (onCookieChoice?: (choice: CookieChoice) => void) =>
  renderPrivacy(<ManageDataPage onCookieChoice={onCookieChoice} />);

const section = (name: string) => screen.getByRole('region', { name });
const sent = (requests: FakeRequest[], method: string) =>
  requests.filter((request) => request.method === method);
const savedJson = async (file: SavedFile | undefined) =>
  JSON.parse(await blobText(file!.blob)) as unknown;
/** The desktop table (the phone cards carry the same rows). */
const historyTable = () => within(section('Histórico de solicitações')).getByRole('table');
const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('/gerenciar-dados', () => {
  it('shows the personal data, the consents as the server holds them and the request history', async () => {
    fakePrivacyApi({
      'GET /users/consents': { body: createConsents({ performance: true, marketingComm: true }) },
      'GET /privacy_requests': { body: { requests: [createPrivacyRequest()] } },
    });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Gerenciar Dados' })).toBeVisible();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Dados pessoais',
      'Histórico de compras',
      'Consentimentos',
      'Seus direitos (LGPD)',
      'Histórico de solicitações',
      'Fale com a gente sobre seus dados',
    ]);

    const personal = section('Dados pessoais');
    expect(within(personal).getByText('Ana Souza')).toBeVisible();
    expect(within(personal).getByText('ana@example.com')).toBeVisible();
    expect(within(personal).getByText('529.982.247-25')).toBeVisible();
    expect(within(personal).getByText('(11) 98765-4321')).toBeVisible();
    expect(within(personal).getByText('Conta criada em').nextElementSibling).toHaveTextContent(
      '01/11/2026',
    );
    expect(within(personal).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/minha-conta',
    );
    expect(
      within(section('Histórico de compras')).getByRole('link', { name: 'Ver meus pedidos' }),
    ).toHaveAttribute('href', '/minha-conta?aba=pedidos');

    const consents = section('Consentimentos');
    const essential = await within(consents).findByRole('switch', { name: 'Essenciais' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(essential).toHaveAccessibleDescription(/Não podem ser desativados\./);
    const states = within(consents)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        row.querySelector('td p')?.textContent,
        row.children[1]?.textContent,
        within(row).getByRole('switch').getAttribute('aria-checked'),
      ]);
    expect(states).toEqual([
      ['Essenciais', 'Ativo', 'true'],
      ['Desempenho', 'Ativo', 'true'],
      ['Funcionais', 'Inativo', 'false'],
      ['Marketing', 'Inativo', 'false'],
      ['E-mail marketing', 'Ativo', 'true'],
    ]);

    await waitFor(() =>
      expect(tableRows(historyTable())).toEqual([
        ['11/11/2026', 'Acesso aos dados', 'Solicitado', '03/12/2026', '—'],
      ]),
    );

    // No officer named: the SAC is the channel, and the heading names no officer.
    const contact = section('Fale com a gente sobre seus dados');
    expect(within(contact).getByRole('link', { name: 'sac@lumina.com.br' })).toHaveAttribute(
      'href',
      'mailto:sac@lumina.com.br',
    );
    expect(within(contact).getByText('Seg a sex, 9h às 18h')).toBeVisible();
    expect(within(contact).getByText('Até 15 dias úteis')).toBeVisible();
    expect(within(contact).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/politica-privacidade',
    );
    expect(within(contact).getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('names the data protection officer the owner set, with their e-mail', () => {
    fakePrivacyApi();
    renderPrivacy(<ManageDataPage />, '/gerenciar-dados', {
      dpo_name: 'Marina Lopes',
      dpo_email: 'dpo@lumina.com.br',
    });
    const contact = section('Fale com o encarregado de dados');
    expect(within(contact).getByText('Marina Lopes')).toBeVisible();
    expect(within(contact).getByRole('link', { name: 'dpo@lumina.com.br' })).toHaveAttribute(
      'href',
      'mailto:dpo@lumina.com.br',
    );
    expect(within(contact).queryByText('sac@lumina.com.br')).not.toBeInTheDocument();
  });

  it('keeps nothing personal in the browser storage', async () => {
    fakePrivacyApi({
      'GET /privacy_requests': { body: { requests: [createPrivacyRequest()] } },
      'GET /users/me/export': { body: createDataExport() },
    });
    renderPage();
    await screen.findAllByText('Acesso aos dados');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar dados pessoais' }));
    await waitFor(() => expect(files.saved).toHaveLength(1));
    // The session hint and the anonymous session id only: no export, consent or request.
    expect(Object.keys(localStorage).sort()).toEqual([
      STORAGE_KEYS.sessionHint,
      STORAGE_KEYS.sessionId,
    ]);
  });
});

describe('the consent switches', () => {
  it('save at once, say so and hand the cookie choice on', async () => {
    const choices: CookieChoice[] = [];
    const requests = fakePrivacyApi({
      'GET /users/consents': { body: createConsents({ performance: true }) },
      'PUT /users/consents': {
        body: createConsents({ performance: true, functional: true }),
      },
    });
    renderPage((choice) => choices.push(choice));
    const functional = await screen.findByRole('switch', { name: 'Funcionais' });

    fireEvent.click(functional);
    await waitFor(() => expect(functional).toHaveAttribute('aria-checked', 'true'));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ kind: 'success', message: PRIVACY_TEXTS.consentUpdated }),
      ),
    );
    expect(sent(requests, 'PUT').map((request) => request.body)).toEqual([
      { consents: { functional: true } },
    ]);
    expect(functional.closest('tr')).toHaveTextContent('Ativo');
    expect(choices).toEqual([{ performance: true, functional: true, marketing: false }]);
  });

  it('e-mail marketing is not a cookie: the browser’s cookie choice stays', async () => {
    const choices: CookieChoice[] = [];
    const requests = fakePrivacyApi({
      'PUT /users/consents': { body: createConsents({ marketingComm: true }) },
    });
    renderPage((choice) => choices.push(choice));
    fireEvent.click(await screen.findByRole('switch', { name: 'E-mail marketing' }));
    await waitFor(() => expect(toasts.map((toast) => toast.message)).toHaveLength(1));
    expect(sent(requests, 'PUT')[0]?.body).toEqual({ consents: { marketingComm: true } });
    expect(choices).toEqual([]);
  });

  it('go back when the server refuses, with the server’s words', async () => {
    const choices: CookieChoice[] = [];
    fakePrivacyApi({
      'PUT /users/consents': {
        status: 503,
        body: { code: 'unavailable', message: 'Serviço indisponível. Tente novamente.' },
      },
    });
    renderPage((choice) => choices.push(choice));
    const marketing = await screen.findByRole('switch', { name: 'Marketing' });
    fireEvent.click(marketing);
    await waitFor(() =>
      expect(toasts).toEqual([
        expect.objectContaining({
          kind: 'error',
          message: 'Serviço indisponível. Tente novamente.',
        }),
      ]),
    );
    expect(marketing).toHaveAttribute('aria-checked', 'false');
    expect(marketing.closest('tr')).toHaveTextContent('Inativo');
    expect(marketing).toBeEnabled();
    expect(choices).toEqual([]);
  });
});

describe('the LGPD requests', () => {
  it('ask before a deletion and send it only once confirmed; the new row goes on top', async () => {
    const older = createPrivacyRequest();
    const deletion = createPrivacyRequest({
      id: 2,
      type: 'deletion',
      type_label: 'Exclusão dos dados',
      requested_at: '2026-11-24T13:00:00.000Z',
      deadline: '2026-12-16T02:59:59.999Z',
    });
    const requests = fakePrivacyApi({
      'GET /privacy_requests': { body: { requests: [older] } },
      'POST /privacy_requests': {
        status: 201,
        body: {
          message: 'Solicitação registrada. Responderemos dentro do prazo de 15 dias úteis.',
          created: true,
          request: deletion,
        },
      },
    });
    renderPage();
    await screen.findAllByText('Acesso aos dados');

    fireEvent.click(screen.getByRole('button', { name: 'Solicitar exclusão dos dados' }));
    let dialog = await screen.findByRole('dialog', { name: 'Solicitar exclusão dos dados' });
    expect(dialog).toHaveAccessibleDescription(PRIVACY_TEXTS.deletionConfirmation);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Solicitar exclusão dos dados' }));
    dialog = await screen.findByRole('dialog', { name: 'Solicitar exclusão dos dados' });
    expect(sent(requests, 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar exclusão' }));

    const rights = section('Seus direitos (LGPD)');
    expect(await within(rights).findByRole('status')).toHaveTextContent(
      'Solicitação registrada. Responderemos dentro do prazo de 15 dias úteis.',
    );
    expect(sent(requests, 'POST').map((request) => request.body)).toEqual([{ type: 'deletion' }]);
    expect(tableRows(historyTable())).toEqual([
      ['24/11/2026', 'Exclusão dos dados', 'Solicitado', '15/12/2026', '—'],
      ['11/11/2026', 'Acesso aos dados', 'Solicitado', '03/12/2026', '—'],
    ]);
  });

  it('say when one of that type is already open, without a second row', async () => {
    const open = createPrivacyRequest();
    const requests = fakePrivacyApi({
      'GET /privacy_requests': { body: { requests: [open] } },
      'POST /privacy_requests': {
        body: {
          message: 'Você já tem uma solicitação deste tipo em andamento.',
          created: false,
          request: open,
        },
      },
    });
    renderPage();
    await screen.findAllByText('Acesso aos dados');
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar acesso aos dados' }));
    expect(
      await within(section('Seus direitos (LGPD)')).findByText(
        'Você já tem uma solicitação deste tipo em andamento.',
      ),
    ).toBeVisible();
    expect(sent(requests, 'POST')[0]?.body).toEqual({ type: 'access' });
    expect(tableRows(historyTable())).toHaveLength(1);
  });

  it('show the server’s words when a request is refused', async () => {
    fakePrivacyApi({
      'POST /privacy_requests': {
        status: 429,
        body: { code: 'rate_limited', message: 'Muitas solicitações. Aguarde um minuto.' },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar acesso aos dados' }));
    expect(await within(section('Seus direitos (LGPD)')).findByRole('alert')).toHaveTextContent(
      'Muitas solicitações. Aguarde um minuto.',
    );
  });

  it('record the full export and save the whole file at once', async () => {
    const exported = createDataExport();
    const requests = fakePrivacyApi({
      'GET /users/me/export': { body: exported },
      'POST /privacy_requests': {
        status: 201,
        body: {
          message: 'Solicitação registrada. Responderemos dentro do prazo de 15 dias úteis.',
          created: true,
          request: createPrivacyRequest({
            id: 3,
            type: 'export',
            type_label: 'Exportação completa',
          }),
        },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Exportação completa' }));
    await waitFor(() => expect(files.saved).toHaveLength(1));
    expect(files.saved[0]?.name).toMatch(/^exportacao-completa-lumina-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await savedJson(files.saved[0])).toEqual(exported);
    expect(sent(requests, 'POST').map((request) => request.body)).toEqual([{ type: 'export' }]);
    await waitFor(() => expect(tableRows(historyTable())[0]?.[1]).toBe('Exportação completa'));
  });
});

describe('the exports', () => {
  it('save the personal data as the spec’s file and the orders apart', async () => {
    const exported = createDataExport();
    const requests = fakePrivacyApi({ 'GET /users/me/export': { body: exported } });
    renderPage();

    fireEvent.click(screen.getByRole('button', { name: 'Exportar dados pessoais' }));
    await waitFor(() => expect(files.saved).toHaveLength(1));
    expect(files.saved[0]?.name).toMatch(/^meus-dados-lumina-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await savedJson(files.saved[0])).toEqual({
      personalInfo: exported.personalInfo,
      preferences: exported.preferences,
      exportDate: exported.exportDate,
      purpose: exported.purpose,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Exportar histórico de compras' }));
    await waitFor(() => expect(files.saved).toHaveLength(2));
    expect(files.saved[1]?.name).toMatch(/^meus-pedidos-lumina-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await savedJson(files.saved[1])).toEqual({
      orders: exported.orders,
      exportDate: exported.exportDate,
      purpose: exported.purpose,
    });
    // Read from the server each time, never from a cache.
    expect(requests.filter((request) => request.path === '/users/me/export')).toHaveLength(2);
  });

  it('say so when the export fails', async () => {
    fakePrivacyApi({
      'GET /users/me/export': { status: 500, body: { message: 'Erro interno do servidor.' } },
    });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar histórico de compras' }));
    expect(await within(section('Histórico de compras')).findByRole('alert')).toHaveTextContent(
      'Erro interno do servidor.',
    );
    expect(files.saved).toEqual([]);
  });
});

describe('the request history', () => {
  it('says when there is none', async () => {
    fakePrivacyApi();
    renderPage();
    expect(
      await within(section('Histórico de solicitações')).findByText(
        'Nenhuma solicitação registrada até agora.',
      ),
    ).toBeVisible();
  });

  it('shows the shop’s answer and downloads the answered export', async () => {
    const answered = createPrivacyRequest({
      id: 5,
      type: 'export',
      type_label: 'Exportação completa',
      status: 'completed',
      status_label: 'Concluído',
      completed_at: '2026-11-18T14:00:00.000Z',
      response: 'Seus dados seguem em anexo.',
      export_available: true,
    });
    const file = { personalInfo: { name: 'Ana Souza' } };
    const requests = fakePrivacyApi({
      'GET /privacy_requests': { body: { requests: [answered] } },
      'GET /privacy_requests/5/export': { body: file },
    });
    renderPage();
    await waitFor(() =>
      expect(tableRows(historyTable())).toEqual([
        [
          '11/11/2026',
          'Exportação completa',
          'Concluído',
          '03/12/2026',
          'Concluída em 18/11/2026Seus dados seguem em anexo.Baixar exportação',
        ],
      ]),
    );
    fireEvent.click(within(historyTable()).getByRole('button', { name: 'Baixar exportação' }));
    await waitFor(() => expect(files.saved).toHaveLength(1));
    expect(await savedJson(files.saved[0])).toEqual(file);
    expect(requests.at(-1)?.headers.Authorization).toMatch(/^Bearer /);
  });
});

it('shows the stored user when the profile cannot be read', async () => {
  storeLogin(createUser({ name: 'Ana Guardada' }));
  fakePrivacyApi({ 'GET /users/profile': { status: 500, body: {} } });
  renderPage();
  expect(within(section('Dados pessoais')).getByText('Ana Guardada')).toBeVisible();
  await screen.findByRole('switch', { name: 'Essenciais' });
  expect(within(section('Dados pessoais')).queryByRole('alert')).not.toBeInTheDocument();
});
