import type { StoreSettingsInput } from '@lumina/shared/settings/store-settings';
import type { ConsentsAnswer } from '@lumina/shared/privacy/consents';
import type { DataExport } from '@lumina/shared/privacy/data-export';
import type { PrivacyRequest } from '@lumina/shared/privacy/privacy-requests';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { seedStore } from '../../../lib/testing/store-fixture.ts';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import {
  fakeAccessToken,
  fakeApi,
  type FakeHandler,
  type FakeRequest,
} from '../../../lib/auth/testing/fake-api.ts';
import { createTestSession, storeSignedIn } from '../../../lib/auth/testing/signed-in.ts';

/** A tab signed in as a login leaves it: the session starts authenticated. */
export function storeLogin(user: AuthUser = createUser()): AuthUser {
  const exp = Math.floor(Date.now() / 1000) + 900;
  storeSignedIn(user, fakeAccessToken(exp, { sub: String(user.id) }));
  return user;
}

export function createConsents(
  overrides: Partial<ConsentsAnswer['consents']> = {},
): ConsentsAnswer {
  return {
    consents: {
      performance: false,
      functional: false,
      marketing: false,
      marketingComm: false,
      privacyPolicy: true,
      termsOfService: true,
      dataProcessing: false,
      ...overrides,
    },
    updated_at: '2026-11-20T15:00:00.000Z',
  };
}

export function createPrivacyRequest(overrides: Partial<PrivacyRequest> = {}): PrivacyRequest {
  return {
    id: 1,
    type: 'access',
    type_label: 'Acesso aos dados',
    status: 'requested',
    status_label: 'Solicitado',
    requested_at: '2026-11-11T17:00:00.000Z',
    deadline: '2026-12-04T02:59:59.999Z',
    completed_at: null,
    response: null,
    export_available: false,
    ...overrides,
  };
}

export function createDataExport(): DataExport {
  return {
    personalInfo: {
      name: 'Ana Souza',
      email: 'ana@example.com',
      phone: '11987654321',
      cpf: '52998224725',
      birth_date: '1995-04-20',
      gender: 'F',
      country: 'Brasil',
      email_verified: true,
      pending_email: null,
      google_linked: false,
      created_at: '2026-11-01T12:00:00.000Z',
    },
    preferences: {
      performance: true,
      functional: false,
      marketing: false,
      marketingComm: true,
      privacyPolicy: true,
      termsOfService: true,
      dataProcessing: false,
      history: [],
    },
    addresses: [{ name: 'Casa', full_address: 'Rua Augusta, 1500', is_default: true }],
    orders: [
      {
        order_number: 'LP001041',
        created_at: '2026-11-20T15:30:00.000Z',
        status: 'delivered',
        payment_status: 'approved',
        customer_name: 'Ana Souza',
        customer_email: 'ana@example.com',
        customer_phone: '11987654321',
        customer_cpf: '52998224725',
        shipping_address: 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310-100',
        shipping: 'PAC',
        tracking_code: null,
        total: 129.9,
        items: [],
        invoices: [],
        shipping_labels: [],
        tracking_events: [],
      },
    ],
    returns: [],
    reviews: [],
    wishlist: [],
    cart: [],
    stock_alerts: [],
    reminders: [],
    account_activity: [],
    privacy_requests: [],
    exportDate: '2026-11-25T12:00:00.000Z',
    purpose: 'Exportação dos dados pessoais mantidos pela Lumina Piercings.',
  };
}

type Answer = ReturnType<FakeHandler>;

/**
 * The page's calls answered from `routes` ('METHOD /path', a function for bodies), with a
 * profile, no consent given and no request by default; anything else is a 404.
 */
export function fakePrivacyApi(
  routes: Record<string, Answer | ((request: FakeRequest) => Answer)> = {},
): FakeRequest[] {
  const all: Record<string, Answer | ((request: FakeRequest) => Answer)> = {
    'GET /users/profile': { body: { success: true, user: createUser() } },
    'GET /users/consents': { body: createConsents() },
    'GET /privacy_requests': { body: { requests: [] } },
    ...routes,
  };
  return fakeApi((request) => {
    const route = all[`${request.method} ${request.path}`];
    return typeof route === 'function' ? route(request) : route;
  });
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * `element` at `route` in a fresh QueryClient, auth session (from storage) and memory router,
 * with the shop's settings (`store` changes the filled-in shop's).
 */
export function renderPrivacy(
  element: ReactElement,
  route = '/gerenciar-dados',
  store: Partial<StoreSettingsInput> = {},
) {
  const client = seedStore(
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
    store,
  );
  const view = render(
    <QueryClientProvider client={client}>
      <AuthProvider session={createTestSession()}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="*" element={element} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** A saved file's text: jsdom's Blob has no text(), only FileReader. */
export function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

export interface SavedFile {
  name: string;
  blob: Blob;
}

/**
 * Records what the page saves instead of letting jsdom try to navigate to a file; undo with
 * the returned function (and vi.unstubAllGlobals for URL).
 */
export function captureSavedFiles(): { saved: SavedFile[]; restore: () => void } {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:arquivo-${++next}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return { saved, restore: () => spy.mockRestore() };
}
