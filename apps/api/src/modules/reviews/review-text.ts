import sanitizeHtml from 'sanitize-html';

/**
 * What a buyer writes is shown to every visitor of the product page, so it is kept as plain text:
 * every tag goes (a script or a style with its content), and so do links, which in reviews are
 * spam or an address someone should not publish. React prints the text escaped; nothing here is
 * ever read as HTML.
 */
const NO_MARKUP: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** sanitize-html answers HTML: its few entities back to characters for the plain text. */
function decode(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Web and e-mail addresses: with a scheme, starting with www., or a bare host under a top-level
 * domain that spam uses ('loja-barata.com/promo'); and e-mail addresses.
 */
const LINKS = [
  /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/giu,
  /\b(?:https?|ftp):\/\/\S+/giu,
  /\bwww\.\S+/giu,
  /\b(?:[a-z0-9-]+\.)+(?:com|net|org|br|io|info|biz|xyz|shop|store|site|online|top|link|ly|me|co|app|club|ru|cn)\b(?:\/\S*)?/giu,
];

/**
 * The plain text of a review or of the shop's answer. Tags are removed until none is left, so
 * '&lt;script&gt;' typed as text does not come back as a tag once decoded; links are removed;
 * spaces are tidied, keeping at most one blank line between paragraphs.
 */
export function reviewPlainText(input: string): string {
  let text = input.replace(/\r\n?/g, '\n');
  for (let pass = 0; pass < 5; pass += 1) {
    const cleaned = decode(sanitizeHtml(text, NO_MARKUP));
    if (cleaned === text) break;
    text = cleaned;
  }
  for (const link of LINKS) text = text.replace(link, '');
  return text
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
