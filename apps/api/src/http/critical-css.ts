/**
 * The part of the web app's stylesheet a server-rendered page needs, to put in its HTML.
 *
 * On a phone link the stylesheet (12 KB gzip) is one more request the first paint waits for; the
 * page's own HTML already says which classes it uses. Tailwind's utilities apply only to elements
 * with their class, so every rule whose selector needs a class the HTML does not have is left out;
 * the rest keep their order (the cascade is the stylesheet's). Rules without a class (the reset,
 * the theme's variables, element selectors) are always kept. The full stylesheet is loaded after
 * the first paint (deferred-hydration.ts), for whatever the app draws later: since it holds the
 * same rules in the same order after these, it changes nothing on the page that is there.
 *
 * This is a reader of the CSS Vite writes (flat rules in @layer, @media and @supports blocks), not a
 * general CSS parser: anything it does not recognise is kept as written.
 */

/** A rule as written, with what an element needs for it to apply. */
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'group'; prelude: string; children: Node[] }
  | { kind: 'rule'; selectors: (SelectorNeeds & { text: string })[]; body: string }
  | { kind: 'property'; name: string; text: string };

export interface ParsedStylesheet {
  readonly nodes: Node[];
}

/** At-rules whose block holds rules (kept when one of their rules is). */
const GROUP_RULES = /^@(media|supports|layer|container|scope|starting-style)\b/i;

/** The index just past the string, comment or escape starting at i, or i when there is none. */
function skipToken(css: string, i: number): number {
  const c = css[i];
  if (c === '\\') return i + 2;
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (c === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    return end < 0 ? css.length : end + 2;
  }
  return i;
}

/**
 * The index of the `close` that ends what an `open` just before `from` began (a block's '}', a
 * parenthesis' ')'), skipping strings, comments and escapes; the text's end when nothing does.
 */
function closingIndex(text: string, from: number, open: string, close: string): number {
  let depth = 1;
  let i = from;
  while (i < text.length) {
    const next = skipToken(text, i);
    if (next !== i) {
      i = next;
      continue;
    }
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return i;
    i++;
  }
  return text.length;
}

/** Splits at commas outside parentheses, brackets and strings. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const next = skipToken(text, i);
    if (next !== i) {
      i = next;
      continue;
    }
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    i++;
  }
  parts.push(text.slice(start));
  return parts;
}

const IDENT_CHAR = /[-\w\u0080-\uffff]/;

/** A class name as the HTML writes it, from its escaped CSS form starting at i ('.' excluded). */
function readIdent(selector: string, i: number): { name: string; end: number } {
  let name = '';
  while (i < selector.length) {
    const c = selector[i] ?? '';
    if (c === '\\') {
      const hex = /^[0-9a-f]{1,6}\s?/i.exec(selector.slice(i + 1, i + 8));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0], 16));
        i += 1 + hex[0].length;
      } else {
        name += selector[i + 1] ?? '';
        i += 2;
      }
    } else if (IDENT_CHAR.test(c)) {
      name += c;
      i++;
    } else break;
  }
  return { name, end: i };
}

/** What the elements a selector matches (or their ancestors) must have for it to match. */
export interface SelectorNeeds {
  classes: string[];
  /** Element names, in lower case. */
  tags: string[];
}

/**
 * The classes and element names a selector requires. Only what it requires counts: classes inside
 * :not(), :has() and the like are not required, and neither are those of an :is() or :where()
 * with alternatives; those rules are kept.
 */
export function selectorNeeds(selector: string): SelectorNeeds {
  const needs: SelectorNeeds = { classes: [], tags: [] };
  let i = 0;
  // Where a compound selector starts, a name is an element's (not after '.', '#' or ':').
  let compoundStart = true;
  while (i < selector.length) {
    const c = selector[i] ?? '';
    if (c === '\\' || c === '"' || c === "'") {
      i = skipToken(selector, i);
    } else if (c === '[') {
      let j = i + 1;
      while (j < selector.length && selector[j] !== ']') {
        const next = skipToken(selector, j);
        j = next === j ? j + 1 : next;
      }
      i = j + 1;
    } else if (c === '.' || c === '#' || c === ':') {
      const ident = readIdent(selector, i + 1);
      if (c === '.' && ident.name) needs.classes.push(ident.name);
      i = Math.max(ident.end, i + 1);
    } else if (c === '(') {
      const close = closingIndex(selector, i + 1, '(', ')');
      const inner = selector.slice(i + 1, close);
      const fn = /:(is|where)$/i.test(selector.slice(0, i));
      if (fn && splitTopLevel(inner).length === 1) {
        const innerNeeds = selectorNeeds(inner);
        needs.classes.push(...innerNeeds.classes);
        needs.tags.push(...innerNeeds.tags);
      }
      i = close + 1;
    } else if (compoundStart && /[a-z]/i.test(c)) {
      const ident = readIdent(selector, i);
      needs.tags.push(ident.name.toLowerCase());
      i = ident.end;
    } else i++;
    compoundStart = /[\s>+~]/.test(c) || (compoundStart && c === '*');
  }
  return needs;
}

function parseNodes(css: string): Node[] {
  const nodes: Node[] = [];
  let i = 0;
  while (i < css.length) {
    // Whitespace and comments between rules (the licence comment is kept as text).
    const start = i;
    while (i < css.length && /\s/.test(css[i] ?? '')) i++;
    if (i >= css.length) break;
    if (css.startsWith('/*', i)) {
      i = skipToken(css, i);
      nodes.push({ kind: 'text', text: css.slice(start, i) });
      continue;
    }
    // The prelude runs to the first '{' or ';' outside strings and parentheses.
    let j = i;
    let depth = 0;
    while (j < css.length) {
      const next = skipToken(css, j);
      if (next !== j) {
        j = next;
        continue;
      }
      const c = css[j];
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (depth === 0 && (c === '{' || c === ';' || c === '}')) break;
      j++;
    }
    const prelude = css.slice(i, j).trim();
    if (j >= css.length || css[j] !== '{') {
      // A statement (@layer a,b; @import …;) or a stray '}': kept as written.
      nodes.push({ kind: 'text', text: css.slice(i, Math.min(j + 1, css.length)) });
      i = j + 1;
      continue;
    }
    const end = closingIndex(css, j + 1, '{', '}');
    const body = css.slice(j + 1, end);
    if (GROUP_RULES.test(prelude)) {
      nodes.push({ kind: 'group', prelude, children: parseNodes(body) });
    } else if (prelude.startsWith('@property')) {
      nodes.push({
        kind: 'property',
        name: prelude.slice('@property'.length).trim(),
        text: css.slice(i, end + 1),
      });
    } else if (prelude.startsWith('@') || body.includes('{')) {
      // @keyframes, @font-face, nested rules: kept whole.
      nodes.push({ kind: 'text', text: css.slice(i, end + 1) });
    } else {
      const selectors = splitTopLevel(prelude).map((text) => ({
        text: text.trim(),
        ...selectorNeeds(text.trim()),
      }));
      nodes.push({ kind: 'rule', selectors, body });
    }
    i = end + 1;
  }
  return nodes;
}

export function parseStylesheet(css: string): ParsedStylesheet {
  return { nodes: parseNodes(css) };
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ELEMENT = /<([a-z][a-z0-9-]*)/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity: string, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? entity;
  });
}

/** Every class name in the HTML's class attributes (React writes them in double quotes). */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of decodeAttribute(match[1] ?? '').split(/\s+/)) {
      if (name) classes.add(name);
    }
  }
  return classes;
}

/** The names of the HTML's elements in lower case, with the page's <html> and <body>. */
export function htmlTags(html: string): Set<string> {
  const tags = new Set(['html', 'body']);
  for (const match of html.matchAll(ELEMENT)) tags.add((match[1] ?? '').toLowerCase());
  return tags;
}

/** A kept rule's declarations, split at the semicolons outside strings and parentheses. */
function declarations(body: string): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const text = body.slice(start, end);
    if (text.trim()) out.push({ name: text.slice(0, text.indexOf(':')).trim(), text });
  };
  while (i < body.length) {
    const next = skipToken(body, i);
    if (next !== i) {
      i = next;
      continue;
    }
    const c = body[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) {
      push(i);
      start = i + 1;
    }
    i++;
  }
  push(body.length);
  return out;
}

/** A @media or @supports block left empty (its rules only set custom properties nothing reads). */
const EMPTY_BLOCKS = /@(media|supports|container)[^{};]*\{\}/g;

const VAR_READ = /var\(\s*(--[\w-]+)/g;

function readsInto(text: string, into: Set<string>): void {
  for (const match of text.matchAll(VAR_READ)) into.add(match[1] ?? '');
}

interface KeptRule {
  selectors: string;
  declarations: { name: string; text: string }[];
}

type Piece = string | KeptRule | { property: string; text: string };

function keepNodes(
  nodes: Node[],
  page: { classes: Set<string>; tags: Set<string> },
  out: Piece[],
): void {
  for (const node of nodes) {
    if (node.kind === 'text') out.push(node.text);
    else if (node.kind === 'property') out.push({ property: node.name, text: node.text });
    else if (node.kind === 'rule') {
      const kept = node.selectors.filter(
        (s) =>
          s.classes.every((name) => page.classes.has(name)) &&
          s.tags.every((tag) => page.tags.has(tag)),
      );
      if (kept.length > 0) {
        out.push({
          selectors: kept.map((s) => s.text).join(','),
          declarations: declarations(node.body),
        });
      }
    } else {
      const inner: Piece[] = [];
      keepNodes(node.children, page, inner);
      // '@layer name{}' keeps its place in the order of the layers even when empty.
      if (inner.length > 0 || /^@layer\b/i.test(node.prelude)) {
        out.push(`${node.prelude}{`, ...inner, '}');
      }
    }
  }
}

/**
 * The custom properties something reads: the kept rules' ordinary declarations and the page's
 * own style attributes, then, in turn, the custom properties those read.
 */
function customPropertiesRead(pieces: Piece[], html: string): Set<string> {
  const read = new Set<string>();
  readsInto(html, read);
  const custom = new Map<string, string[]>();
  for (const piece of pieces) {
    if (typeof piece === 'string') readsInto(piece, read);
    else if ('declarations' in piece) {
      for (const declaration of piece.declarations) {
        if (declaration.name.startsWith('--')) {
          const values = custom.get(declaration.name) ?? [];
          values.push(declaration.text);
          custom.set(declaration.name, values);
        } else readsInto(declaration.text, read);
      }
    }
  }
  const pending = [...read];
  while (pending.length > 0) {
    for (const text of custom.get(pending.pop() ?? '') ?? []) {
      const more = new Set<string>();
      readsInto(text, more);
      for (const name of more) {
        if (!read.has(name)) {
          read.add(name);
          pending.push(name);
        }
      }
    }
  }
  return read;
}

/**
 * The rules of the stylesheet that can apply to the HTML's elements, in their order: those whose
 * selectors need no class or element the HTML lacks. Custom properties nothing kept reads (the
 * theme's unused colours, Tailwind's defaults for utilities the page does not use) are left out,
 * declarations and @property rules alike.
 */
export function criticalCss(sheet: ParsedStylesheet, html: string): string {
  const pieces: Piece[] = [];
  keepNodes(sheet.nodes, { classes: htmlClasses(html), tags: htmlTags(html) }, pieces);
  const read = customPropertiesRead(pieces, html);
  return pieces
    .map((piece) => {
      if (typeof piece === 'string') return piece;
      if ('property' in piece) return read.has(piece.property) ? piece.text : '';
      const kept = piece.declarations.filter(
        (declaration) => !declaration.name.startsWith('--') || read.has(declaration.name),
      );
      return kept.length > 0 ? `${piece.selectors}{${kept.map((d) => d.text).join(';')}}` : '';
    })
    .join('')
    .replace(EMPTY_BLOCKS, '');
}
