import type { RouteObject } from 'react-router';
import { AppFrame } from './layout/app-frame.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import type { AdminPageName } from './routes/admin.tsx';
import type { PolicyKey } from '@lumina/shared/settings/store-settings';

/** A page of the panel, from the panel's own chunk (see adminPages). */
function adminPage(name: AdminPageName) {
  return async () => ({ Component: (await import('./routes/admin.tsx')).adminPages[name] });
}

/** A policy's page (settings/policy-pages.ts), all three from one chunk. */
function policyPage(key: PolicyKey) {
  return async () => ({ Component: (await import('./routes/policy.tsx')).policyPages[key] });
}

/**
 * The app's routes, for the browser's router (router.tsx) and the server's renderer
 * (entry-server.tsx). Every page is its own chunk so the home page loads only what it shows.
 */
export const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    children: [
      {
        path: '/',
        element: <RootLayout />,
        // Shown while the first page's chunk loads, on pages the browser draws itself (the
        // storefront's come drawn by the server): a screen's height, so the footer never jumps.
        hydrateFallbackElement: <div className="min-h-dvh" />,
        children: [
          {
            // A pathless route so a failing page shows its error inside the header and footer.
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: () => import('./routes/home.tsx') },
              { path: 'produtos', lazy: () => import('./routes/products.tsx') },
              { path: 'produto/:id', lazy: () => import('./routes/product-detail.tsx') },
              { path: 'categorias', lazy: () => import('./routes/categories.tsx') },
              { path: 'carrinho', lazy: () => import('./routes/cart.tsx') },
              {
                path: 'carrinho/recuperar/:token',
                lazy: () => import('./routes/cart-restore.tsx'),
              },
              { path: 'descadastrar/:token', lazy: () => import('./routes/unsubscribe.tsx') },
              { path: 'minha-conta', lazy: () => import('./routes/my-account.tsx') },
              { path: 'esqueci-senha', lazy: () => import('./routes/forgot-password.tsx') },
              { path: 'redefinir-senha', lazy: () => import('./routes/reset-password.tsx') },
              { path: 'confirmar-email', lazy: () => import('./routes/confirm-email.tsx') },
              { path: 'convite/:token', lazy: () => import('./routes/staff-invitation.tsx') },
              // The links of the back-in-stock e-mails: no account needed.
              {
                path: 'avise-me/confirmar',
                lazy: () => import('./routes/stock-alert-confirm.tsx'),
              },
              { path: 'avise-me/cancelar', lazy: () => import('./routes/stock-alert-cancel.tsx') },
              {
                // Logged-in only (spec 000 §2): anonymous visitors go to / and log in from there.
                lazy: () => import('./routes/protected-layout.tsx'),
                children: [
                  { path: 'gerenciar-dados', lazy: () => import('./routes/manage-data.tsx') },
                  { path: 'checkout', lazy: () => import('./routes/checkout.tsx') },
                  { path: 'minha-conta/pedidos/:id', lazy: () => import('./routes/my-order.tsx') },
                  {
                    path: 'minha-conta/pedidos/:id/avaliar',
                    lazy: () => import('./routes/my-order-reviews.tsx'),
                  },
                ],
              },
              {
                // Payment and result pages: anonymous visitors are told to log in and sent to
                // /minha-conta (spec 001 §2), unlike the guard above.
                lazy: () => import('./routes/payment-layout.tsx'),
                children: [
                  { path: 'payment-pix', lazy: () => import('./routes/payment-pix.tsx') },
                  { path: 'payment-card', lazy: () => import('./routes/payment-card.tsx') },
                  { path: 'payment-boleto', lazy: () => import('./routes/payment-boleto.tsx') },
                  { path: 'payment-pending', lazy: () => import('./routes/payment-pending.tsx') },
                  { path: 'payment-success', lazy: () => import('./routes/payment-success.tsx') },
                  { path: 'payment-failure', lazy: () => import('./routes/payment-failure.tsx') },
                  { path: 'checkout-success', lazy: () => import('./routes/checkout-success.tsx') },
                  { path: 'checkout-pending', lazy: () => import('./routes/checkout-pending.tsx') },
                  { path: 'checkout-failure', lazy: () => import('./routes/checkout-failure.tsx') },
                ],
              },
              { path: 'politica-privacidade', lazy: () => import('./routes/privacy-policy.tsx') },
              { path: 'termos-de-uso', lazy: policyPage('terms') },
              { path: 'trocas-e-devolucoes', lazy: policyPage('returns') },
              { path: 'politica-de-envio', lazy: policyPage('shipping') },
              { path: '*', lazy: () => import('./routes/not-found.tsx') },
            ],
          },
        ],
      },
      {
        // The administrator's panel: its own chunks, downloaded by administrators only, and its own
        // shell (routes/admin.tsx) instead of the storefront's header and footer. Staff pages are
        // drawn by the browser (the server renders none of /admin).
        path: '/admin',
        lazy: () => import('./routes/admin.tsx'),
        hydrateFallbackElement: <div className="min-h-dvh" />,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: adminPage('Index') },
          { path: 'pedidos', lazy: adminPage('Orders') },
          { path: 'pedidos/:id', lazy: adminPage('Order') },
          { path: 'produtos', lazy: adminPage('Products') },
          { path: 'avaliacoes', lazy: adminPage('Reviews') },
          { path: 'clientes', lazy: adminPage('Customers') },
          { path: 'clientes/:id', lazy: adminPage('Customer') },
          { path: 'seguranca', lazy: adminPage('Security') },
          { path: 'privacidade', lazy: adminPage('Privacy') },
          { path: 'mensagens', lazy: adminPage('Messages') },
          { path: 'devolucoes', lazy: adminPage('Returns') },
          { path: 'devolucoes/:id', lazy: adminPage('Return') },
          { path: 'loja', lazy: adminPage('Settings') },
          { path: 'cupons', lazy: adminPage('Coupons') },
          { path: 'equipe', lazy: adminPage('Staff') },
        ],
      },
    ],
  },
];
