import type { CouponRule } from '@lumina/shared/promotions/coupon-rules';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import cluster from 'node:cluster';
import fastifyRateLimit from '@fastify/rate-limit';
import { ClusterRateLimitStore } from './cluster/rate-limit-store.ts';
import { clientKey } from './http/client-rate-limit.ts';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { constants as zlibConstants } from 'node:zlib';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createJsonCache } from './http/cached-json.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { lazyChildLogger, loggerOptions, OneLinePerRequest, requestId } from './http/logger.ts';
import { rejectInvalidText } from './http/reject-invalid-text.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { createPageResolver } from './modules/storefront/pages.ts';
import { storefrontRoutes } from './modules/storefront/routes.ts';
import { adminFeedRoutes, feedRoutes } from './modules/feeds/routes.ts';
import { createWhatsAppConnection } from './modules/whatsapp/connection.ts';
import { createOrderUpdates } from './modules/whatsapp/order-updates.ts';
import { createWhatsAppOutbox, type WhatsAppOutbox } from './modules/whatsapp/outbox.ts';
import { adminWhatsAppRoutes } from './modules/whatsapp/routes.ts';
import { resolveTokenCipher, type TokenCipher } from './modules/erp/token-cipher.ts';
import { createFeeds, FEED_CACHE_TTL_MS } from './modules/feeds/service.ts';
import { createStorefrontData } from './modules/storefront/storefront-data.ts';
import { type AppServices, createAppServices } from './modules/auth/app-services.ts';
import { authenticate, requirePermission } from './modules/auth/authenticate.ts';
import { createCaptchaService } from './modules/auth/captcha.ts';
import { createLoginService } from './modules/auth/login-service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createProfileService } from './modules/users/profile-service.ts';
import { createRegisterService } from './modules/users/register-service.ts';
import { userRoutes } from './modules/users/routes.ts';
import { createGoogleSignIn } from './integrations/google/google-sign-in.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { anonymousCartRoutes, userCartRoutes } from './modules/carts/routes.ts';
import { createCartService } from './modules/carts/service.ts';
import { createMergeCartOnLogin } from './modules/carts/session-header.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { createWishlistService } from './modules/wishlist/service.ts';
import { createAddressService } from './modules/addresses/service.ts';
import { resolveJwtSecret } from './modules/auth/jwt-secret.ts';
import { createCatalogRepository } from './modules/catalog/repository.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createLowStockAlerts } from './modules/catalog/low-stock.ts';
import type { StockWatch } from './modules/catalog/stock.ts';
import { createStockAlerts } from './modules/stock-alerts/service.ts';
import { adminStockAlertRoutes, stockAlertRoutes } from './modules/stock-alerts/routes.ts';
import { createContactRepository } from './modules/contact/repository.ts';
import { adminContactRoutes, contactRoutes } from './modules/contact/routes.ts';
import { createContactService } from './modules/contact/service.ts';
import { createPendingCookie } from './modules/google-sign-in/cookies.ts';
import { createLoginCodeRepository } from './modules/google-sign-in/login-code-repository.ts';
import { googleSignInRoutes } from './modules/google-sign-in/routes.ts';
import { createGoogleSignInService } from './modules/google-sign-in/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { passwordResetRoutes } from './modules/password-resets/routes.ts';
import { createPasswordResetService } from './modules/password-resets/service.ts';
import { emailVerificationRoutes } from './modules/email-verification/routes.ts';
import { createEmailVerificationService } from './modules/email-verification/service.ts';
import { createViaCepClient } from './integrations/viacep/viacep-client.ts';
import { cepRoutes } from './modules/cep/routes.ts';
import { createCepService } from './modules/cep/service.ts';
import { createShippingQuoter } from './integrations/shipping/create-quoter.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { createShippingService } from './modules/shipping/service.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { createOrderService } from './modules/orders/service.ts';
import { createPaymentProviders } from './integrations/payments/create-provider.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { createPaymentService, type PaymentService } from './modules/payments/service.ts';
import { createMailOutbox, type MailOutbox } from './modules/mail/outbox.ts';
import { createOrderLifecycle } from './modules/orders/lifecycle-service.ts';
import { adminCatalogRoutes } from './modules/admin/catalog/routes.ts';
import { adminDashboardRoutes } from './modules/admin/dashboard-routes.ts';
import { lowStockDefaultOf } from './modules/admin/dashboard-queue.ts';
import { createProductWrites } from './modules/catalog/product-writes.ts';
import { adminDocsSessionRoutes, docsCookieAsBearer } from './modules/admin/docs-session.ts';
import { adminProductPhotoRoutes } from './modules/admin/catalog/photo-routes.ts';
import { createProductPhotos } from './modules/admin/catalog/photos.ts';
import { adminProductWriteRoutes } from './modules/admin/catalog/write-routes.ts';
import { sellsVariantSku, showsProduct } from './modules/catalog/cached-product.ts';
import { CATALOG_CHANNEL } from './modules/catalog/changes.ts';
import { SETTINGS_CHANNEL } from './modules/settings/changes.ts';
import { PROMOTIONS_CHANNEL } from './modules/promotions/changes.ts';
import { adminCouponRoutes, checkoutCouponRoutes } from './modules/promotions/routes.ts';
import { createPromotionsService } from './modules/promotions/service.ts';
import { adminSettingsRoutes, publicStoreRoutes } from './modules/settings/routes.ts';
import { mailSender, mailShop } from './modules/mail/mail-signature.ts';
import { POLICY_KEYS } from '@lumina/shared/settings/store-settings';
import { shopName } from '@lumina/shared/settings/settings-rules';
import { pixMerchant } from './modules/payments/pix-merchant.ts';
import {
  createSettingsService,
  type SettingsService,
  storePaymentsOf,
} from './modules/settings/service.ts';
import { registerUploads, uploadsDirOf } from './http/uploads.ts';
import type { JobSender } from './jobs/job-runner.ts';
import { createErp, type Erp } from './modules/erp/erp.ts';
import {
  createSecurityMonitoring,
  type SecurityMonitoring,
} from './modules/security/monitoring.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { createConsents } from './modules/privacy/consents.ts';
import { createDataExport } from './modules/privacy/data-export.ts';
import {
  adminPrivacyRoutes,
  consentRoutes,
  privacyRequestRoutes,
} from './modules/privacy/routes.ts';
import { createPrivacyRequests, type PrivacyRequests } from './modules/privacy/service.ts';
import {
  blingTestWebhookRoutes,
  blingWebhookRoutes,
  erpAdminRoutes,
  erpOauthCallbackRoutes,
} from './modules/erp/routes.ts';
import { adminCustomerRoutes } from './modules/admin/customers/routes.ts';
import { createAdminCustomerService } from './modules/admin/customers/service.ts';
import { adminOrderRoutes } from './modules/admin/orders/routes.ts';
import { createAdminOrderService } from './modules/admin/orders/service.ts';
import { ordersExportRoutes } from './modules/admin/orders-export/routes.ts';
import { createOrdersExport } from './modules/admin/orders-export/service.ts';
import { pixTicketRoutes } from './modules/payments/ticket-routes.ts';
import { createRefunds } from './modules/payments/refunds.ts';
import { createAdminReturnService } from './modules/returns/admin-service.ts';
import { adminReturnRoutes, returnRoutes } from './modules/returns/routes.ts';
import { createReturnService } from './modules/returns/service.ts';
import { mercadoPagoWebhookRoutes } from './modules/payments/webhook-routes.ts';
import { pixBankWebhookRoutes } from './modules/payments/pix-bank-webhook-routes.ts';
import {
  createLabelModule,
  type LabelModule,
  type MelhorEnvioAdapterFactory,
} from './modules/fulfilment/label-module.ts';
import { labelAdminRoutes, melhorEnvioCallbackRoutes } from './modules/fulfilment/label-routes.ts';
import { melhorEnvioAdapter } from './integrations/melhor-envio/melhor-envio-adapter.ts';
import { melhorEnvioWebhookRoutes } from './modules/fulfilment/tracking-webhook-routes.ts';
import type { InvoiceProvider } from './modules/fulfilment/ports.ts';
import { danfeLinkOf } from './modules/fulfilment/invoice-repository.ts';
import { invoiceRoutes } from './modules/fulfilment/invoice-routes.ts';
import { createInvoiceService, type InvoiceService } from './modules/fulfilment/invoice-service.ts';
import { createPackingSlips } from './modules/fulfilment/packing-slip.ts';
import { createFulfilmentView } from './modules/fulfilment/order-view.ts';
import { createBlingInvoiceProvider } from './integrations/bling/invoice-provider.ts';
import { adminStaffRoutes, staffInvitationRoutes } from './modules/staff/routes.ts';
import { createLinkTokens } from './modules/reminders/link-tokens.ts';
import { adminReminderRoutes, reminderRoutes } from './modules/reminders/routes.ts';
import { createReminderService, type ReminderService } from './modules/reminders/service.ts';
import { createStaffService } from './modules/staff/service.ts';
import { firstReviewsPage } from './modules/reviews/cached-reviews.ts';
import { reviewsPlugin } from './modules/reviews/plugin.ts';
import { createReviewRepository } from './modules/reviews/repository.ts';
import { createReviewPhotos } from './modules/reviews/review-photos.ts';
import { createReviewService, type ReviewService } from './modules/reviews/service.ts';

// Messages zod writes itself (a number where an object was expected, say) come out in pt-BR too.
z.config(z.locales.ptBR());

export interface AppDeps {
  config: Config;
  /** `listen` (optional) lets other processes' catalogue changes clear this one's cache. */
  database: Pick<Database, 'db' | 'ping'> & Partial<Pick<Database, 'listen'>>;
  /** How long each process reuses a rendered catalogue answer (default 5 s; 0 disables). */
  catalogCacheTtlMs?: number;
  now?: () => Date;
  /** The largest counter a login captcha hides (its difficulty); tests pass a small one. */
  captchaMaxNumber?: number;
  /** How a slowed login waits (default a timer); tests record the delays instead. */
  loginDelay?: (ms: number) => Promise<void>;
  /** Queues background work (the Bling syncs) for whichever process runs jobs. */
  jobs?: JobSender;
  /**
   * Tests only (NODE_ENV=test, refused otherwise): loopback ports of fake services whose links,
   * a photo Bling points at, the server may fetch. Outside tests no such address is reachable.
   */
  testLoopbackPorts?: readonly number[];
  /**
   * Sees every route as it is registered, its options (config.permission included, once its
   * scope has set it) kept by reference: the permission matrix test walks the admin routes.
   */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The shop's automatic promotions (coupons rows without a code) the order and the shipping
   * quotes price by; tests pass a reader of the table.
   */
  promotionRules?: () => readonly CouponRule[] | Promise<readonly CouponRule[]>;
  /**
   * The Melhor Envio integration for labels, its OAuth and its webhooks; by default the real one
   * (melhorEnvioAdapter), which is off without MELHOR_ENVIO_TOKEN or an app's client id and
   * secret: tracking codes are then typed by hand.
   */
  melhorEnvio?: MelhorEnvioAdapterFactory;
  /** Issues NF-e (Bling's adapter once wired; tests pass their own); default none. */
  invoiceProvider?: () => InvoiceProvider | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment service, for the jobs server.ts runs (expiry). */
    payments: PaymentService;
    /** The e-mail outbox, for the job that sends what is due and for tests that wait on it. */
    outbox: MailOutbox;
    /** The Bling ERP: its jobs run in server.ts. */
    erp: Erp;
    /** The security rules and log retention: their jobs run in server.ts. */
    monitoring: SecurityMonitoring;
    /** LGPD requests and the retention of personal data: its job runs in server.ts. */
    privacy: PrivacyRequests;
    /** The store settings: `settings.storeSettings()` for any module that needs them. */
    settings: SettingsService;
    /** Melhor Envio labels and tracking: their jobs run in server.ts. */
    labels: LabelModule;
    /** The NF-e of orders: its jobs (poll, automatic issue) run in server.ts. */
    invoices: InvoiceService;
    /** Cart and expired-PIX reminders: their scan runs as a job (serve.ts). */
    reminders: ReminderService;
    /** The order updates by WhatsApp: its job runs in server.ts, tests wait on it. */
    whatsapp: WhatsAppOutbox;
    /** Product reviews: the job that asks for them runs in server.ts. */
    reviews: ReviewService;
  }
}

export type { AppServices };

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** TRUST_PROXY as Fastify takes it; a hop count trusts that many proxies nearest the server. */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the whole application without listening, so tests drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  if (deps.testLoopbackPorts && config.nodeEnv !== 'test') {
    throw new Error('testLoopbackPorts is for tests only (NODE_ENV=test)');
  }

  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: requestId,
    trustProxy: trustProxyOption(config.trustProxy),
    // The largest body the API accepts today is a contact message (about 1 KB).
    bodyLimit: 64 * 1024,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyChildLogger,
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerSecurityHeaders(app, { cardPayments: config.cardPayments });
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Lumina Piercings API',
        description:
          'API da loja: catálogo, contas, carrinho, pedidos, pagamentos PIX e as operações da loja (administradores).',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  const catalogRepository = createCatalogRepository(database.db);
  // Rendered catalogue answers, reused for a few seconds by this process (0 disables).
  const catalogCacheTtlMs = deps.catalogCacheTtlMs ?? 5_000;
  // The catalogue feeds: long renders read a few times a day, kept a quarter of an hour and
  // dropped with every catalogue answer (so with every catalogue, settings or promotion change).
  const feedCacheTtlMs = catalogCacheTtlMs === 0 ? 0 : FEED_CACHE_TTL_MS;
  const feedCache = createJsonCache({
    ttlMs: feedCacheTtlMs,
    maxEntries: 8,
    staleMs: feedCacheTtlMs,
  });
  const catalogCache = createJsonCache({
    onClear: () => feedCache.clear(),
    ttlMs: catalogCacheTtlMs,
    maxEntries: 500,
    // Under traffic the answers are refreshed in the background: none older than two lifetimes
    // (10 s: stock shown on a card may lag an order by that much; checkout reads it live).
    staleMs: catalogCacheTtlMs,
  });
  const uploadsDir = uploadsDirOf(config.dataDir);
  const storePayments = storePaymentsOf(config.cardPayments);
  const settings = createSettingsService({
    db: database.db,
    config,
    payments: storePayments,
    now,
    logger: app.log,
    // Rendered pages and catalogue answers share this cache: they show the shop's names and
    // contacts, and products' PIX prices follow its discount.
    onChange: () => catalogCache.clear(),
  });
  app.decorate('settings', settings);
  // The money rules every price and total is computed by, read when computing.
  const priceRules = () => settings.storeSettings();
  const catalog = createCatalogService({
    repository: catalogRepository,
    priceRules,
    // Created below with the account services it logs and throttles through.
    promotionRules: () => promotions.promotionRules(),
    now,
  });
  // Read once the database is migrated (serve.ts migrates after building the app).
  app.addHook('onReady', async () => {
    await settings.load();
    await promotions.load();
    // Known before the first page is drawn: pages carry whether checkout offers WhatsApp.
    await whatsappConnection.available();
  });
  if (deps.database.listen) {
    // A change made by any process on this database clears this process's answers at once.
    const stopListening = await deps.database.listen(CATALOG_CHANNEL, () => catalogCache.clear());
    const stopSettings = await deps.database.listen(SETTINGS_CHANNEL, () => settings.announced());
    const stopPromotions = await deps.database.listen(
      PROMOTIONS_CHANNEL,
      () => void promotions.announced(),
    );
    app.addHook('onClose', async () => {
      // A database already closed has stopped listening with it.
      await stopListening().catch(() => undefined);
      await stopSettings().catch(() => undefined);
      await stopPromotions().catch(() => undefined);
    });
  }
  // Accounts: tokens, users, security log and throttling, shared by every account route plugin.
  const services = createAppServices({ db: database.db, config, now });
  app.decorate('services', services);
  /**
   * Coupons and automatic promotions. `promotions.promotionRules()` answers the automatic ones
   * from memory (a resolved promise after the first read): carts, orders and the catalogue
   * price with it. A change drops the catalogue answers once this process holds it.
   */
  const promotions = createPromotionsService({
    db: database.db,
    now,
    securityLog: services.securityLog,
    throttle: services.throttle,
    logger: app.log,
    onChange: () => catalogCache.clear(),
  });
  // Every price (quotes and orders) reads the same automatic promotions; tests may pass theirs.
  const promotionRules = deps.promotionRules ?? (() => promotions.promotionRules());
  const roleOf = (userId: number) => services.users.roleOf(userId);

  // ETags by hashing each payload suit the large, static OpenAPI document. Catalogue reads make
  // theirs once per cached render instead (cached-json.ts), and errors must carry none at all.
  await app.register(async (docs) => {
    if (config.nodeEnv === 'production') {
      // A map of every route is for the shop's people: in production only administrators get it.
      // The panel's 'open in a new tab' has no bearer header: its path-bound cookie stands in.
      docs.addHook('onRequest', docsCookieAsBearer);
      await docs.register(authenticate, {
        tokens: services.tokens,
        roleOf,
        securityLog: services.securityLog,
      });
      docs.addHook('onRequest', requirePermission('settings'));
    }
    await docs.register(fastifyEtag, { weak: true });
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });

  const storeSettings = () => settings.storeSettings();
  const feeds = createFeeds({
    appUrl: config.appUrl,
    catalog: catalogRepository,
    storeSettings,
    promotionRules,
    now,
    cache: feedCache,
  });
  // Sender and Reply-To are read at each send: a change in /admin/loja reaches the next e-mail.
  const mailer = createMailer(config, app.log, () => mailSender(storeSettings(), config.mailFrom));
  const passwordResets = createPasswordResetService({
    db: database.db,
    mailer,
    tokens: services.tokens,
    securityLog: services.securityLog,
    throttle: services.throttle,
    appUrl: config.appUrl,
    storeSettings,
    now,
    logger: app.log,
  });
  // Reset e-mails are sent after the answer; closing waits for them before the database goes.
  app.addHook('onClose', async () => {
    await passwordResets.drain();
  });
  const googleSignIn = createGoogleSignInService({
    db: database.db,
    google: createGoogleSignIn(config),
    users: services.users,
    loginCodes: createLoginCodeRepository(database.db),
    tokens: services.tokens,
    securityLog: services.securityLog,
    now,
  });
  const secureCookies = config.appUrl.startsWith('https://');
  const addresses = createAddressService({ db: database.db, now });
  const captcha = createCaptchaService({
    db: database.db,
    now,
    secret: resolveJwtSecret(config),
    maxNumber: deps.captchaMaxNumber,
  });
  const login = createLoginService({ ...services, captcha, sleep: deps.loginDelay });
  const carts = createCartService({
    db: database.db,
    now,
    priceRules,
    promotionRules: () => promotions.promotionRules(),
    // Created below with the outbox and the consents it needs.
    restoredInSession: (sessionId) => reminders.restoredInSession(sessionId),
  });
  const mergeCart = createMergeCartOnLogin((userId, sessionId) =>
    carts.mergeAnonymousCart(userId, sessionId),
  );
  const wishlist = createWishlistService({ db: database.db, now, priceRules });
  const shipping = createShippingService({
    db: database.db,
    quoter: createShippingQuoter(config, app.log),
    originCep: config.shippingOriginCep,
    priceRules,
    promotionRules,
    now,
  });
  // Order updates by WhatsApp (optional): only with the Cloud API set on the server or in the
  // panel, and only to shoppers who asked for them at checkout.
  let whatsappCipher: TokenCipher | undefined;
  const whatsappConnection = createWhatsAppConnection({
    db: database.db,
    config,
    cipher: () => (whatsappCipher ??= resolveTokenCipher(config)),
    now,
    securityLog: services.securityLog,
  });
  const whatsapp = createWhatsAppOutbox({
    db: database.db,
    now,
    logger: app.log,
    sender: () => whatsappConnection.sender(),
    leaseMs: 2 * config.whatsappTimeoutMs,
  });
  app.decorate('whatsapp', whatsapp);
  const orderUpdates = createOrderUpdates({ outbox: whatsapp, connection: whatsappConnection });
  const outbox = createMailOutbox({
    db: database.db,
    mailer,
    now,
    logger: app.log,
    alsoKick: () => whatsapp.kick(),
    // Longer than one SMTP attempt can take, so a held e-mail is only taken from a dead sender.
    leaseMs: 2 * config.mailTimeoutMs,
    messageIdDomain: new URL(config.appUrl).hostname,
  });
  const contact = createContactService({
    db: database.db,
    repository: createContactRepository(database.db),
    outbox,
    appUrl: config.appUrl,
    storeSettings,
    now,
  });
  const emailVerification = createEmailVerificationService({
    db: database.db,
    outbox,
    securityLog: services.securityLog,
    throttle: services.throttle,
    appUrl: config.appUrl,
    storeSettings,
    now,
  });
  const register = createRegisterService({
    ...services,
    emailVerification,
    accountsPerIpHour: config.accountsPerIpHour,
  });
  const profile = createProfileService({ ...services, emailVerification });
  // 'Avise-me quando chegar': sign-ups, links, and the restock hook every stock movement calls.
  const stockAlerts = createStockAlerts({
    db: database.db,
    outbox,
    throttle: services.throttle,
    appUrl: config.appUrl,
    storeSettings,
    now,
  });
  const stockWatch: StockWatch = {
    lowStock: createLowStockAlerts({ outbox, appUrl: config.appUrl, storeSettings }),
    restock: stockAlerts.watch,
  };
  const lifecycle = createOrderLifecycle({
    now,
    stockWatch,
    outbox,
    appUrl: config.appUrl,
    storeSettings,
    invoiceLinkOf: danfeLinkOf,
    orderUpdates,
  });
  const orders = createOrderService({
    db: database.db,
    now,
    quoteShipping: ({ destinationCep, method, lines, discounts }) =>
      shipping.quoteLines(lines, destinationCep, method, { discounts }),
    priceRules,
    promotionRules,
    cardPayments: config.cardPayments !== undefined,
    stockWatch,
    whatsappAvailable: () => whatsappConnection.available(),
  });
  // The built-in PIX names the receiver from the store settings at each charge.
  const paymentProviders = createPaymentProviders(config, () =>
    pixMerchant(storeSettings(), { name: config.pixMerchantName, city: config.pixMerchantCity }),
  );
  const paymentProvider = paymentProviders.pix;
  const refunds = createRefunds({
    db: database.db,
    providers: paymentProviders,
    lifecycle,
    outbox,
    appUrl: config.appUrl,
    now,
    logger: app.log,
  });
  const payments = createPaymentService({
    db: database.db,
    providers: paymentProviders,
    lifecycle,
    outbox,
    appUrl: config.appUrl,
    sandbox: config.paymentsSandbox,
    now,
    logger: app.log,
    storeSettings,
    refunds,
    orderUpdates,
  });
  app.decorate('payments', payments);
  if (paymentProvider.registerWebhook) {
    const registerWebhook = paymentProvider.registerWebhook.bind(paymentProvider);
    // Once listening (APP_URL answers), and without holding the start: a bank that is down now
    // is asked again at the next start, and the reconciliation job reads its charges meanwhile.
    app.addHook('onListen', () => {
      registerWebhook().then(
        (url) => app.log.info({ url }, 'PIX webhook registered at the bank'),
        (error: unknown) => app.log.error({ err: error }, 'PIX webhook not registered at the bank'),
      );
    });
  }
  app.decorate('outbox', outbox);
  const returnDeps = {
    db: database.db,
    now,
    lifecycle,
    payments,
    refunds,
    outbox,
    appUrl: config.appUrl,
    priceRules,
    stockWatch,
  };
  const returns = createReturnService(returnDeps);
  const adminReturns = createAdminReturnService({
    ...returnDeps,
    securityLog: services.securityLog,
  });
  app.addHook('onClose', async () => {
    await outbox.drain();
    await whatsapp.drain();
    await passwordResets.drain();
    mailer.close();
  });
  const photos = createProductPhotos({
    db: database.db,
    uploadsDir,
    now,
    securityLog: services.securityLog,
    onChange: () => catalogCache.clear(),
  });
  const reviews = createReviewService({
    db: database.db,
    repository: createReviewRepository(database.db),
    photos: createReviewPhotos({ uploadsDir }),
    outbox,
    appUrl: config.appUrl,
    storeSettings,
    now,
    onChange: () => catalogCache.clear(),
  });
  app.decorate('reviews', reviews);
  const erp = createErp({
    config,
    db: database.db,
    now,
    securityLog: services.securityLog,
    jobs: deps.jobs,
    onCatalogChange: () => catalogCache.clear(),
    photos,
    shopName: () => shopName(storeSettings()),
    allowLoopbackPorts: deps.testLoopbackPorts,
    stockWatch,
  });
  app.decorate('erp', erp);
  // Bling issues the NF-e from its sales order once the shop has a Bling app (the service asks
  // whether it is connected before each call).
  const blingInvoices = erp.configured ? createBlingInvoiceProvider(erp.client) : null;
  const invoices = createInvoiceService({
    db: database.db,
    now,
    provider: deps.invoiceProvider ?? (() => blingInvoices),
    blingConnected: async () => erp.configured && (await erp.connection.status()).connected,
    erp,
    refunds,
    autoInvoice: () => storeSettings().auto_invoice === true,
    jobs: deps.jobs,
    securityLog: services.securityLog,
    lifecycle,
    logger: app.log,
  });
  // A sale Bling took may have its NF-e issued by itself (the store setting auto_invoice).
  erp.onSalesOrderSent((orderId) => invoices.salesOrderSent(orderId));
  app.decorate('invoices', invoices);
  const labels = createLabelModule({
    config,
    db: database.db,
    now,
    lifecycle,
    outbox,
    securityLog: services.securityLog,
    storeSettings,
    adapter: (deps.melhorEnvio ?? melhorEnvioAdapter)(config),
    invoices,
    logger: app.log,
  });
  app.decorate('labels', labels);
  const fulfilment = createFulfilmentView({ labels: labels.labels, invoices });
  const adminOrders = createAdminOrderService({
    db: database.db,
    lifecycle,
    payments,
    refunds,
    outbox,
    securityLog: services.securityLog,
    fulfilment,
  });
  const monitoring = createSecurityMonitoring({
    db: database.db,
    now,
    outbox,
    appUrl: config.appUrl,
    storeSettings,
  });
  app.decorate('monitoring', monitoring);
  const exportOf = createDataExport({ now, storeSettings });
  const privacy = createPrivacyRequests({
    db: database.db,
    now,
    securityLog: services.securityLog,
    outbox,
    appUrl: config.appUrl,
    exportOf,
    storeSettings,
  });
  app.decorate('privacy', privacy);
  const consents = createConsents({ db: database.db, now });
  const reminders = createReminderService({
    db: database.db,
    now,
    outbox,
    carts,
    consents,
    tokens: createLinkTokens(resolveJwtSecret(config)),
    appUrl: config.appUrl,
    storeSettings,
    logger: app.log,
  });
  app.decorate('reminders', reminders);
  const staff = createStaffService({
    db: database.db,
    outbox,
    throttle: services.throttle,
    appUrl: config.appUrl,
    storeSettings,
    now,
  });
  const cep = createCepService({
    lookup: createViaCepClient({
      baseUrl: config.viacepBaseUrl,
      timeoutMs: config.viacepTimeoutMs,
    }),
  });

  await app.register(
    async (api) => {
      // The API speaks JSON only: a text/plain body is refused (415) rather than half-parsed.
      api.removeContentTypeParser('text/plain');
      rejectInvalidText(api);
      await api.register(authenticate, {
        tokens: services.tokens,
        roleOf,
        securityLog: services.securityLog,
      });
      if (config.rateLimitMax > 0) {
        // A flood guard per server; the limits that matter for abuse (contact) live in the DB.
        await api.register(fastifyRateLimit, {
          max: config.rateLimitMax,
          timeWindow: 60_000,
          keyGenerator: clientKey,
          // Cluster workers count in the primary (WEB_CONCURRENCY): one limit for all of them.
          ...(cluster.isWorker ? { store: ClusterRateLimitStore } : {}),
          // The limit headers go out only with a 429: three fewer headers on every answer.
          addHeadersOnExceeding: {
            'x-ratelimit-limit': false,
            'x-ratelimit-remaining': false,
            'x-ratelimit-reset': false,
          },
        });
      }
      await api.register(catalogRoutes, {
        catalog,
        cache: catalogCache,
      });
      await api.register(contactRoutes, { contact });
      await api.register(stockAlertRoutes, { stockAlerts });
      await api.register(adminStockAlertRoutes, { stockAlerts });
      await api.register(passwordResetRoutes, { passwordResets });
      await api.register(googleSignInRoutes, {
        googleSignIn,
        pendingCookie: createPendingCookie(resolveJwtSecret(config), { secure: secureCookies }),
        redirectUrl: config.googleRedirectUrl,
        secureCookies,
        now,
        mergeCart,
      });
      await api.register(addressRoutes, { addresses });
      await api.register(authRoutes, {
        login,
        mergeCart,
        tokens: services.tokens,
        captcha,
        throttle: services.throttle,
        secureCookies,
      });
      await api.register(userRoutes, { register, mergeCart, profile, secureCookies });
      await api.register(emailVerificationRoutes, { emailVerification });
      await api.register(userCartRoutes, { carts });
      await api.register(anonymousCartRoutes, { carts });
      await api.register(checkoutCouponRoutes, { promotions, carts });
      await api.register(adminCouponRoutes, { promotions });
      await api.register(wishlistRoutes, { wishlist });
      await api.register(shippingRoutes, { shipping });
      await api.register(orderRoutes, { orders, payments, fulfilment });
      await api.register(paymentRoutes, { payments });
      await api.register(adminOrderRoutes, { adminOrders });
      await api.register(adminCustomerRoutes, {
        adminCustomers: createAdminCustomerService({
          db: database.db,
          securityLog: services.securityLog,
        }),
      });
      await api.register(ordersExportRoutes, {
        ordersExport: createOrdersExport({
          db: database.db,
          throttle: services.throttle,
          securityLog: services.securityLog,
        }),
      });
      await api.register(returnRoutes, { returns });
      await api.register(adminReturnRoutes, { adminReturns });
      await api.register(invoiceRoutes, {
        invoices,
        packingSlips: createPackingSlips({
          db: database.db,
          shopName: () => shopName(storeSettings()),
        }),
      });
      await api.register(adminCatalogRoutes, { db: database.db, now, priceRules });
      await api.register(adminDashboardRoutes, {
        db: database.db,
        now,
        lowStockDefault: () => lowStockDefaultOf(storeSettings()),
      });
      await api.register(adminProductWriteRoutes, {
        priceRules,
        writes: createProductWrites({
          db: database.db,
          now,
          securityLog: services.securityLog,
          // A restock in the panel may have queued back-in-stock and low-stock e-mails.
          onChange: () => {
            catalogCache.clear();
            outbox.kick();
          },
          discardPhotos: (urls) => photos.discard(urls),
          markPending: (tx, productId) => erp.markPending(tx, productId),
          stockWatch,
        }),
      });
      await api.register(erpAdminRoutes, { erp, secureCookies });
      await api.register(securityRoutes, { db: database.db, monitoring, now });
      await api.register(privacyRequestRoutes, {
        privacy,
        exportMine: (userId: number) => exportOf(database.db, userId),
      });
      await api.register(adminPrivacyRoutes, { privacy });
      await api.register(adminContactRoutes, { contact });
      await api.register(reviewsPlugin, {
        reviews,
        cache: catalogCache,
        productShown: (id) => showsProduct(catalogCache, catalog, id),
      });
      await api.register(adminStaffRoutes, { staff });
      await api.register(staffInvitationRoutes, { staff });
      await api.register(consentRoutes, { consents });
      await api.register(reminderRoutes, { reminders, carts });
      await api.register(adminReminderRoutes, { db: database.db, now });
      await api.register(erpOauthCallbackRoutes, { erp });
      await api.register(blingWebhookRoutes, { webhooks: erp.webhooks });
      await api.register(blingTestWebhookRoutes, { webhooks: erp.webhooks });
      await api.register(labelAdminRoutes, { fulfilment: labels, secureCookies });
      await api.register(melhorEnvioCallbackRoutes, { fulfilment: labels });
      await api.register(melhorEnvioWebhookRoutes, { webhooks: labels.webhooks });
      await api.register(adminDocsSessionRoutes, { secureCookies });
      await api.register(adminProductPhotoRoutes, { photos, priceRules });
      await api.register(pixTicketRoutes, {
        payments,
        shopName: () => mailShop(storeSettings()).name,
      });
      await api.register(mercadoPagoWebhookRoutes, {
        payments,
        // MercadoPago notifies about its PIX charges and, beside any PIX provider, its cards.
        secret:
          config.paymentProvider === 'mercadopago' || config.cardPayments
            ? config.mercadoPagoWebhookSecret
            : undefined,
      });
      await api.register(pixBankWebhookRoutes, {
        payments,
        secret: config.pixBank?.webhookSecret,
      });
      await api.register(cepRoutes, { cep });
      await api.register(publicStoreRoutes, {
        settings,
        promotionRules: () => promotions.promotionRules(),
        now,
        orderWhatsApp: () => whatsappConnection.available(),
      });
      await api.register(adminSettingsRoutes, { settings });
      await api.register(adminWhatsAppRoutes, { connection: whatsappConnection });
      await api.register(adminFeedRoutes, { feeds });
      await api.register(healthRoutes, {
        ping: () => database.ping(),
        sandbox: config.paymentsSandbox,
      });
    },
    { prefix: '/api' },
  );

  await registerUploads(app, uploadsDir, { shareImageRateLimitMax: config.pageRateLimitMax });
  await app.register(storefrontRoutes, {
    appUrl: config.appUrl,
    catalog: catalogRepository,
    cache: catalogCache,
    policies: () => POLICY_KEYS.filter((key) => storeSettings().policies[key] !== ''),
  });
  await app.register(feedRoutes, { feeds });
  await registerWebApp(app, config.webDistDir, {
    paymentsSandbox: config.paymentsSandbox,
    pages: createPageResolver({
      appUrl: config.appUrl,
      storeSettings,
      payments: storePayments,
      catalog: {
        findProduct: (id) => catalogRepository.findProductById(id),
        sellsVariant: (id, sku) => sellsVariantSku(catalogCache, catalog, id, sku),
      },
      reviews: (id) => firstReviewsPage(catalogCache, reviews, id),
    }),
    storefront: createStorefrontData(
      catalog,
      settings,
      () => whatsappConnection.availableNow(),
      (id) => firstReviewsPage(catalogCache, reviews, id),
    ),
    cache: catalogCache,
    pageRateLimitMax: config.pageRateLimitMax,
  });
  return app;
}
