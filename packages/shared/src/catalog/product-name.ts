/**
 * Product names may embed their specs (spec 000 section 3), for example
 * 'Argola Segmentada - Tamanho: 8mm; Espessura: 1,2mm'. The pages show a clean title and the
 * specs as a list, so the shopper does not read a sentence of measurements as a name.
 */
export interface ProductSpec {
  label: string;
  value: string;
}

export interface ParsedProductName {
  title: string;
  specs: ProductSpec[];
}

// The labels the catalogue uses to introduce a spec; matched without regard to case.
const SPEC_LABELS = ['Tamanho', 'Medida', 'Espessura', 'Comprimento'];
const SPEC_START = new RegExp(`(?:^|[\\s\\-–—|,(])(${SPEC_LABELS.join('|')})\\s*:`, 'i');

export function parseProductName(name: string): ParsedProductName {
  const trimmed = name.trim();
  const match = SPEC_START.exec(trimmed);
  if (!match || match[1] === undefined) return { title: trimmed, specs: [] };

  const specStart = match.index + match[0].indexOf(match[1]);
  // What separates the title from its specs (' - ', ' | ', ', ', ' (') is not part of the title.
  // The dashes as escapes (– and —): an ASCII bundle keeps the server's source text one-byte.
  const title = trimmed.slice(0, specStart).replace(/[\s\-\u2013\u2014|,(]+$/, '');
  const specText = trimmed.slice(specStart).replace(/\)\s*$/, '');

  const specs: ProductSpec[] = [];
  for (const part of specText.split(';')) {
    const colon = part.indexOf(':');
    const label = colon === -1 ? '' : part.slice(0, colon).trim();
    const value = (colon === -1 ? part : part.slice(colon + 1)).trim();
    if (!value) continue;
    const previous = specs.at(-1);
    if (!label && previous) {
      // A piece without a label belongs to the spec before it ('Tamanho: 8mm; ouro').
      previous.value = `${previous.value}; ${value}`;
    } else {
      specs.push({ label: label || 'Detalhe', value });
    }
  }
  return { title: title || trimmed, specs };
}
