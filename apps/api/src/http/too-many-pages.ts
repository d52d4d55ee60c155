import type { FastifyReply } from 'fastify';

/**
 * What a person sees past the page limit: a small page of its own, without the app's code (which
 * would ask the server for more). pt-BR, like every page of the shop; noindex, so a crawler that
 * met the limit does not list it.
 */
export const TOO_MANY_PAGES_HTML = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Muitas páginas em pouco tempo</title>
</head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#292524;line-height:1.5">
<h1 style="font-size:1.5rem">Muitas páginas em pouco tempo</h1>
<p>Recebemos muitos pedidos de páginas vindos da sua conexão. Aguarde um minuto e tente novamente.</p>
<p><a href="/" style="color:#92400e">Voltar para a loja</a></p>
</body>
</html>
`;

/** 429 with Retry-After; never cached, so the page comes back by itself once the window ends. */
export function sendTooManyPages(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(TOO_MANY_PAGES_HTML);
}
