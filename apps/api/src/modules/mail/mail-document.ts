import { escapeHtml } from '../../integrations/mail/escape-html.ts';

/**
 * The one HTML document every e-mail of the shop is. Mail clients and validators (mailparser,
 * spam filters) read a fragment as broken markup: a full document with its language and charset
 * is what they expect, and an accent then shows as an accent whatever the client guesses.
 * `body` is HTML already escaped by the template: its elements (paragraphs, a button...), or
 * one piece of markup.
 */
export function mailDocument(title: string, body: string | readonly string[]): string {
  const blocks = typeof body === 'string' ? body.trim().split('\n') : body;
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
  </head>
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${blocks.map((block) => `    ${block.trim()}`).join('\n')}
  </body>
</html>`;
}

/** Plain text as HTML paragraphs: a blank line starts a paragraph, a line break stays one. */
export function textParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`);
}
