import { escapeHtml } from '../../integrations/mail/escape-html.ts';

export const CANCEL_PAGE_TEXT = {
  title: 'Cancelar troca de e-mail',
  ask: (shop: string) =>
    `Foi pedida a troca do e-mail da sua conta na ${shop}. Se não foi você, cancele a troca: a conta continua com este e-mail.`,
  button: 'Cancelar troca',
  done: 'Troca de e-mail cancelada. A conta continua com este e-mail.',
  advice:
    "Se não foi você quem pediu a troca, altere sua senha em Minha Conta ou use 'Esqueceu sua senha?' na página de login.",
  invalid:
    'Este link expirou ou já foi usado: a troca já foi cancelada, concluída ou a senha foi alterada.',
  account: 'Ir para Minha Conta',
} as const;

/** Where the page is and whose it is: the shop's address and its name now. */
export interface CancelPageShop {
  appUrl: string;
  name: string;
}

/** A page of its own, outside the web app: the link works in any browser, signed in or not. */
function shell({ appUrl, name }: CancelPageShop, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${CANCEL_PAGE_TEXT.title} - ${escapeHtml(name)}</title>
  </head>
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5; max-width: 28rem; margin: 0 auto; padding: 1.5rem">
    <h1 style="font-size: 1.25rem">${CANCEL_PAGE_TEXT.title}</h1>
${body}
    <p><a href="${escapeHtml(`${appUrl}/minha-conta`)}">${CANCEL_PAGE_TEXT.account}</a></p>
  </body>
</html>`;
}

/** The link opened: a button, so that a mail scanner opening it cancels nothing. */
export function cancelFormPage(shop: CancelPageShop, token: string): string {
  return shell(
    shop,
    `    <p>${escapeHtml(CANCEL_PAGE_TEXT.ask(shop.name))}</p>
    <form method="post" action="email_change_cancellations">
      <input type="hidden" name="token" value="${escapeHtml(token)}">
      <button type="submit" style="padding: 12px 20px; background: #7c3aed; color: #ffffff; border: 0; border-radius: 6px; font-size: 1rem">${CANCEL_PAGE_TEXT.button}</button>
    </form>`,
  );
}

export function cancelDonePage(shop: CancelPageShop): string {
  return shell(shop, `    <p>${CANCEL_PAGE_TEXT.done}</p>\n    <p>${CANCEL_PAGE_TEXT.advice}</p>`);
}

export function cancelInvalidPage(shop: CancelPageShop): string {
  return shell(shop, `    <p>${CANCEL_PAGE_TEXT.invalid}</p>`);
}
