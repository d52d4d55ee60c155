import sanitizeHtml from 'sanitize-html';

/**
 * Policies are HTML the storefront renders on its policy pages. The shared schema refuses
 * scripts, event handlers and javascript: links with a message; this allow-list then keeps only
 * text structure (paragraphs, emphasis, lists, headings) and http, https or mailto links from
 * whatever else was pasted (a word processor's spans and styles).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h2', 'h3', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    frame.tag === 'p' && frame.text.trim() === '' && !frame.mediaChildren.length,
  // Keep the meaning of the usual synonyms instead of dropping it.
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function sanitizePolicy(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
