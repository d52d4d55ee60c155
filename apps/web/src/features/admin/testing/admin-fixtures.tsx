import type { Dashboard, DashboardFigures } from '@lumina/shared/admin/dashboard';
import type {
  AdminOrderDetail,
  AdminOrderListResponse,
  AdminOrderRow,
} from '@lumina/shared/admin/admin-orders';
import type { ProductDto, ProductVariantDto } from '@lumina/shared/catalog/product';
import type {
  FulfilmentStatusJson,
  InvoiceJson,
  LabelJson,
  OrderFulfilmentJson,
} from '@lumina/shared/fulfilment/fulfilment-json';
import type { CouponJson } from '@lumina/shared/promotions/coupon-schema';
import type { AdminSettingsAnswer } from '@lumina/shared/settings/store-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../../../lib/auth/auth-provider.tsx';
import type { AuthUser } from '../../../lib/auth/auth-types.ts';
import { createUser } from '../../../lib/auth/testing/create-user.ts';
import { createTestSession, storeSignedIn } from '../../../lib/auth/testing/signed-in.ts';
import { AdminIndex, AdminLayout } from '../components/admin-layout.tsx';
import { CouponsPage } from '../components/coupons-page.tsx';
import { CustomerDetailPage } from '../components/customer-detail-page.tsx';
import { CustomersListPage } from '../components/customers-list-page.tsx';
import { MessagesPage } from '../components/messages-page.tsx';
import { OrderDetailPage } from '../components/order-detail-page.tsx';
import { OrdersListPage } from '../components/orders-list-page.tsx';
import { ProductsPage } from '../components/products-page.tsx';
import { PrivacyPage } from '../components/privacy-page.tsx';
import { ReturnDetailPage } from '../components/return-detail-page.tsx';
import { ReturnsPage } from '../components/returns-page.tsx';
import { ReviewsPage } from '../components/reviews-page.tsx';
import { SecurityPage } from '../components/security-page.tsx';
import { SettingsPage } from '../components/settings-page.tsx';
import { StaffPage } from '../components/staff-page.tsx';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A tab signed in as a login leaves it; an administrator unless told otherwise. */
export function storeLogin(user: AuthUser = createUser({ role: 'admin' })): AuthUser {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ sub: String(user.id), exp: Math.floor(Date.now() / 1000) + 900 }),
  );
  storeSignedIn(user, `${header}.${payload}.assinatura`);
  return user;
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function DetailRoute() {
  const id = Number(useLocation().pathname.split('/').pop());
  return <OrderDetailPage orderId={id} />;
}

function CustomerRoute() {
  const id = Number(useLocation().pathname.split('/').pop());
  return <CustomerDetailPage key={id} customerId={id} />;
}

function ReturnRoute() {
  const id = Number(useLocation().pathname.split('/').pop());
  return <ReturnDetailPage key={id} returnId={id} />;
}

/** The panel's routes as the app mounts them, in a memory router at `route`. */
export function renderAdmin(route: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={client}>
      <AuthProvider session={createTestSession()}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/admin" element={<AdminLayout />}>
              <Route index element={<AdminIndex />} />
              <Route path="pedidos" element={<OrdersListPage />} />
              <Route path="pedidos/:id" element={<DetailRoute />} />
              <Route path="produtos" element={<ProductsPage />} />
              <Route path="avaliacoes" element={<ReviewsPage />} />
              <Route path="clientes" element={<CustomersListPage />} />
              <Route path="clientes/:id" element={<CustomerRoute />} />
              <Route path="seguranca" element={<SecurityPage />} />
              <Route path="privacidade" element={<PrivacyPage />} />
              <Route path="mensagens" element={<MessagesPage />} />
              <Route path="devolucoes" element={<ReturnsPage />} />
              <Route path="devolucoes/:id" element={<ReturnRoute />} />
              <Route path="loja" element={<SettingsPage />} />
              <Route path="cupons" element={<CouponsPage />} />
              <Route path="equipe" element={<StaffPage />} />
            </Route>
            <Route path="/minha-conta" element={<p>Página Minha Conta</p>} />
            <Route path="/" element={<p>Página inicial</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

export function createRow(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: 41,
    order_number: 'LP001041',
    created_at: '2026-11-20T15:30:00.000Z',
    status: 'pending',
    payment_status: 'pending',
    payment_provider: 'pix_builtin',
    customer_name: 'Beatriz Quintana',
    customer_email: 'bia@example.com',
    total: 129.9,
    total_cents: 12990,
    items_count: 2,
    tracking_code: null,
    paid_after_cancel: false,
    refund_status: 'none',
    ...overrides,
  };
}

export function createList(
  rows: AdminOrderRow[],
  overrides: Partial<AdminOrderListResponse> = {},
): AdminOrderListResponse {
  return {
    orders: rows,
    total: rows.length,
    page: 1,
    per_page: 20,
    total_pages: 1,
    alerts: { paid_after_cancel: 0 },
    ...overrides,
  };
}

export function createDetail(
  order: Partial<AdminOrderDetail['order']> = {},
  rest: Partial<Omit<AdminOrderDetail, 'order'>> = {},
): AdminOrderDetail {
  return {
    order: {
      id: 41,
      order_number: 'LP001041',
      status: 'pending',
      payment_status: 'pending',
      payment_method: 'pix',
      customer_name: 'Beatriz Quintana',
      customer_email: 'bia@example.com',
      customer_phone: '11987654321',
      customer_cpf: '11144477735',
      customer_birth_date: null,
      shipping_address: 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310-100',
      billing_address: 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310-100',
      customer_address: 'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310-100',
      address: {
        street: 'Rua Augusta',
        number: '1500',
        complement: null,
        neighborhood: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
        zip_code: '01310100',
      },
      notes: null,
      shipping_method: 'pac',
      shipping_name: 'PAC',
      delivery_days: 5,
      subtotal: 110,
      subtotal_cents: 11000,
      shipping_cost: 19.9,
      shipping_cost_cents: 1990,
      shipping_discount_cents: 0,
      discount: 0,
      discount_cents: 0,
      promotion_discount_cents: 0,
      coupon_discount_cents: 0,
      coupon_code: null,
      total: 129.9,
      total_cents: 12990,
      items: [
        {
          id: 1,
          product_id: 3,
          product_name: 'Argola Lua',
          name: 'Argola Lua',
          sku: 'ARG-001',
          category: 'orelha',
          image_url: null,
          quantity: 2,
          price: 55,
          unit_price_cents: 5500,
          list_price: 57.9,
          pix_price: 55,
          pix_price_cents: 5500,
          promotion_discount_cents: 0,
          coupon_discount_cents: 0,
          total_price: 110,
          total_cents: 11000,
          variation_details: {},
          variant_id: 31,
          option_values: {},
        },
      ],
      items_count: 2,
      bling_id: null,
      tracking_code: null,
      tracking_carrier: null,
      tracking_url: null,
      paid_at: null,
      shipped_at: null,
      delivered_at: null,
      cancelled_at: null,
      created_at: '2026-11-20T15:30:00.000Z',
      updated_at: '2026-11-20T15:30:00.000Z',
      refunds: [],
      refunded_total: 0,
      refunded_total_cents: 0,
      payment: null,
      user_id: 9,
      paid_after_cancel: false,
      refund_status: 'none',
      payment_confirmed_by: null,
      ...order,
    },
    payments: [],
    refunds: [],
    refundable: 0,
    emails: [],
    events: [],
    available_actions: ['confirm_payment', 'cancel'],
    ...rest,
  };
}

/** One payment attempt of an order's detail: a PIX charge waiting, unless told. */
export function createAdminPayment(
  overrides: Partial<AdminOrderDetail['payments'][number]> = {},
): AdminOrderDetail['payments'][number] {
  return {
    id: 71,
    provider: 'pix_builtin',
    status: 'pending',
    amount: 129.9,
    amount_cents: 12990,
    gateway_payment_id: null,
    txid: 'LUMINA71',
    method: 'pix',
    label: 'PIX',
    status_detail: null,
    status_message: null,
    installments: null,
    card_brand: null,
    card_last_four: null,
    fee: null,
    fee_cents: null,
    net: null,
    net_cents: null,
    created_at: '2026-11-20T15:31:00.000Z',
    expires_at: '2026-11-20T16:01:00.000Z',
    approved_at: null,
    events: [],
    ...overrides,
  };
}

export function createVariant(overrides: Partial<ProductVariantDto> = {}): ProductVariantDto {
  return {
    id: 31,
    sku: 'ARG-001',
    option_values: {},
    stock_quantity: 8,
    price: null,
    price_cents: null,
    sale_price: null,
    sale_price_cents: null,
    pix_price: null,
    pix_price_cents: null,
    weight_grams: null,
    gtin: null,
    image: null,
    active: true,
    low_stock_threshold: null,
    ...overrides,
  };
}

/** A product as the edit form reads it: no options and its one variant, unless told. */
export function createAdminProduct(overrides: Partial<ProductDto> = {}): ProductDto {
  const variants = overrides.variants ?? [createVariant()];
  const stock = variants
    .filter((variant) => variant.active)
    .reduce((sum, variant) => sum + variant.stock_quantity, 0);
  return {
    id: 1,
    name: 'Argola Lua',
    description: '<p>Argola de titânio.</p>',
    complementary_description: null,
    price: 57.9,
    price_cents: 5790,
    preco_pix: null,
    pix_price_cents: null,
    pix_final_price: 55.01,
    pix_final_price_cents: 5501,
    sale_price: null,
    sale_price_cents: null,
    category: 'orelha',
    subcategory: null,
    sku: 'ARG-001',
    bling_id: null,
    active: true,
    display_status: 'visible',
    images: [],
    sizes: [],
    measures: [],
    tags: [],
    variations: [],
    options: [],
    variants,
    stock_quantity: stock,
    stock: stock,
    stock_status: stock > 0 ? 'in_stock' : 'out_of_stock',
    weight_grams: 10,
    length_cm: 16,
    width_cm: 11,
    height_cm: 2,
    last_sync: null,
    created_at: '2026-11-20T15:30:00.000Z',
    updated_at: '2026-11-20T15:30:00.000Z',
    ...overrides,
  };
}

/** A coupon as GET /api/admin/coupons answers it: 10% off the whole shop, active, unless told. */
export function createCoupon(overrides: Partial<CouponJson> = {}): CouponJson {
  return {
    id: 1,
    automatic: false,
    code: 'BEMVINDO10',
    name: null,
    kind: 'percent',
    value: 10,
    value_cents: null,
    max_discount: null,
    max_discount_cents: null,
    min_order: null,
    min_order_cents: null,
    scope: { categories: [], product_ids: [] },
    shipping_methods: [],
    states: [],
    starts_at: null,
    ends_at: null,
    starts_at_local: null,
    ends_at_local: null,
    usage_limit: null,
    per_customer_limit: null,
    first_purchase_only: false,
    combines_with_pix: true,
    combines_with_sale: true,
    active: true,
    description: '10% de desconto em toda a loja.',
    state: 'Ativo',
    stats: { uses: 0, paid_orders: 0, discount_cents: 0, revenue_cents: 0 },
    created_at: '2026-11-20T15:30:00.000Z',
    ...overrides,
  };
}

/** A PAC label bought and ready to print, unless told. */
export function createLabel(overrides: Partial<LabelJson> = {}): LabelJson {
  return {
    id: 5,
    state: 'generated',
    service: 'PAC',
    service_id: 1,
    tracking_code: 'AA473124829BR',
    tracking_url: 'https://rastreamento.correios.com.br/app/index.php',
    price: 23.45,
    last_error: null,
    can_cancel: true,
    can_print: true,
    created_at: '2026-11-21T12:00:00.000Z',
    posted_at: null,
    delivered_at: null,
    ...overrides,
  };
}

/** An NF-e authorised a moment ago (so still cancellable), unless told. */
export function createInvoice(overrides: Partial<InvoiceJson> = {}): InvoiceJson {
  return {
    id: 8,
    state: 'authorised',
    number: '1234',
    series: '1',
    access_key: '35261112345678000195550010000012341000012345',
    danfe_url: 'https://bling.example/danfe/8.pdf',
    xml_url: 'https://bling.example/xml/8.xml',
    reason: null,
    last_error: null,
    needs_cancellation: false,
    can_cancel: true,
    ...overrides,
  };
}

/** The admin order JSON's fulfilment block: nothing yet, unless told. */
export function createFulfilment(
  overrides: Partial<OrderFulfilmentJson> = {},
): OrderFulfilmentJson {
  return { label: null, invoice: null, tracking_events: [], ...overrides };
}

/** GET /api/admin/fulfilment: Melhor Envio connected by OAuth with R$ 150,00, Bling ready. */
export function createFulfilmentStatus(
  melhorEnvio: Partial<FulfilmentStatusJson['melhor_envio']> = {},
  invoices: Partial<FulfilmentStatusJson['invoices']> = {},
): FulfilmentStatusJson {
  return {
    melhor_envio: {
      configured: true,
      connected: true,
      via: 'oauth',
      balance: 150,
      balance_error: null,
      ...melhorEnvio,
    },
    invoices: { available: true, auto_invoice: false, ...invoices },
  };
}

/** GET /api/admin/settings of a shop that still lacks its legal data, unless told. */
export function createSettingsAnswer(
  overrides: Partial<AdminSettingsAnswer> = {},
): AdminSettingsAnswer {
  return {
    settings: {
      trade_name: 'Lumina Piercings',
      legal_name: '',
      document: '',
      address: {
        zip_code: '01310100',
        street: '',
        number: '',
        complement: '',
        neighborhood: '',
        city: '',
        state: '',
      },
      sac_email: '',
      phone: '',
      whatsapp: '11999999999',
      business_hours: '',
      dpo_name: '',
      dpo_email: '',
      mail_from: 'Lumina Piercings <nao-responda@lumina.local>',
      reply_to: '',
      pix_discount_percent: 5,
      free_shipping_threshold: 299,
      free_shipping_threshold_cents: 29_900,
      installments: { max: 12, interest_free: 3, min_installment: 20, min_installment_cents: 2000 },
      boleto_due_days: 3,
      low_stock_threshold: 3,
      stock_alerts_per_unit: 3,
      stock_alerts_per_restock: 50,
      auto_invoice: false,
      reminder_delay_hours: 4,
      social: { instagram: '', facebook: '', tiktok: '' },
      policies: { terms: '', returns: '', shipping: '' },
    },
    missing: ['legal_name', 'document', 'address', 'sac_email', 'phone_or_whatsapp'],
    version: 1,
    updated_at: null,
    ...overrides,
  };
}

/** A week of figures: R$ 100,00 a day against R$ 80,00 the week before, unless told. */
export function createFigures(overrides: Partial<DashboardFigures> = {}): DashboardFigures {
  const days = ['21', '22', '23', '24', '25', '26', '27'];
  return {
    period_days: 7,
    from: '2026-11-21',
    to: '2026-11-27',
    daily: days.map((day, index) => ({
      date: `2026-11-${day}`,
      revenue: 100 + index,
      orders: 2,
      previous_revenue: 80,
      previous_orders: 1,
    })),
    totals: { revenue: 721, orders: 14, average_order_value: 51.5 },
    previous: { revenue: 560, orders: 7, average_order_value: 80 },
    conversion: { carts: 40, paid_orders: 14, rate: 0.35 },
    by_payment_method: [
      { method: 'pix', revenue: 600, orders: 12 },
      { method: 'card', revenue: 121, orders: 2 },
    ],
    by_category: [
      { category: 'orelha', revenue: 500 },
      { category: 'nariz', revenue: 221 },
    ],
    best_sellers: [
      {
        variant_id: 31,
        product_id: 3,
        name: 'Argola Lua',
        variant_label: 'Diâmetro: 8 mm',
        sku: 'ARG-001',
        quantity: 6,
        revenue: 330,
      },
    ],
    customers: { new: 9, returning: 5 },
    ...overrides,
  };
}

/** GET /api/admin/dashboard of an owner: nothing waiting and a week's figures, unless told. */
export function createDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    queue: [],
    figures: createFigures(),
    generated_at: '2026-11-27T15:00:00.000Z',
    ...overrides,
  };
}
