/**
 * Every page address of the web app (apps/web/src/app/router.tsx), so the server can answer an
 * unknown one with a real 404 and keep private pages out of search engines. A web
 * test checks that the router and this list agree.
 */

/** Storefront pages people find through search engines and shared links. */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/produtos',
  '/produto/:id',
  '/categorias',
  '/politica-privacidade',
  // The policies (settings/policy-pages.ts): 404 while the owner has not written them.
  '/termos-de-uso',
  '/trocas-e-devolucoes',
  '/politica-de-envio',
] as const;

/** Pages about one person or the shop's back office: served, but never indexed. */
export const PRIVATE_PAGE_PATHS = [
  '/carrinho',
  '/minha-conta',
  '/minha-conta/pedidos/:id',
  '/minha-conta/pedidos/:id/avaliar',
  '/esqueci-senha',
  '/redefinir-senha',
  '/confirmar-email',
  // A staff invitation: its token is a credential (never indexed, never logged).
  '/convite/:token',
  // A back-in-stock alert's links: their token is a credential too.
  '/avise-me/confirmar',
  '/avise-me/cancelar',
  // A reminder's links (reminders/reminders.ts): each token is a credential too.
  '/carrinho/recuperar/:token',
  '/descadastrar/:token',
  '/gerenciar-dados',
  '/checkout',
  '/payment-pix',
  '/payment-card',
  '/payment-boleto',
  '/payment-pending',
  '/payment-success',
  '/payment-failure',
  '/checkout-success',
  '/checkout-pending',
  '/checkout-failure',
  '/admin',
  '/admin/pedidos',
  '/admin/pedidos/:id',
  '/admin/devolucoes',
  '/admin/devolucoes/:id',
  '/admin/produtos',
  '/admin/avaliacoes',
  '/admin/clientes',
  '/admin/clientes/:id',
  '/admin/seguranca',
  '/admin/privacidade',
  '/admin/mensagens',
  '/admin/loja',
  '/admin/cupons',
  '/admin/equipe',
] as const;

export type PagePath = (typeof PUBLIC_PAGE_PATHS)[number] | (typeof PRIVATE_PAGE_PATHS)[number];

const ALL = [...PUBLIC_PAGE_PATHS, ...PRIVATE_PAGE_PATHS];

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  return (
    parts.length === segments.length &&
    parts.every((part, i) => part.startsWith(':') || part === segments[i])
  );
}

/**
 * The page pattern a path (without the query) is, as React Router matches it: case-insensitive,
 * a trailing slash ignored; undefined for an address the app does not have.
 */
export function matchPagePath(pathname: string): { path: PagePath; params: string[] } | undefined {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const path = ALL.find((pattern) => matches(pattern, segments));
  if (!path) return undefined;
  const params = path
    .split('/')
    .filter(Boolean)
    .flatMap((part, i) =>
      part.startsWith(':') ? [pathname.split('/').filter(Boolean)[i] ?? ''] : [],
    );
  return { path, params };
}

export function isPrivatePage(path: PagePath): boolean {
  return (PRIVATE_PAGE_PATHS as readonly string[]).includes(path);
}
