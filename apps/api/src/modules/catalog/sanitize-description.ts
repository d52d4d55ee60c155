import sanitizeHtml from 'sanitize-html';

/**
 * Product descriptions are HTML written by staff or imported from the ERP and rendered as HTML
 * by the storefront, so they are cleaned on write with an allow-list: text structure and links
 * with safe schemes only. Anything else (scripts, styles, event handlers, images, iframes) goes.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h3', 'h4', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Paragraphs left empty once their content was removed would only add blank space.
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '',
  // Keep the meaning of the usual synonyms instead of dropping the emphasis.
  transformTags: {
    b: 'strong',
    i: 'em',
    h1: 'h3',
    h2: 'h3',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/**
 * The words of an already sanitised description, for the search column: tags become spaces
 * (so '<li>aço</li><li>ouro</li>' stays two words) and the few entities sanitize-html emits
 * are decoded.
 */
export function descriptionText(sanitizedHtml: string): string {
  return sanitizedHtml
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
