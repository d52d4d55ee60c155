import { describe, expect, it } from 'vitest';
import {
  GEMS,
  JEWELRY_KINDS,
  METALS,
  renderJewelryArt,
  renderJewelryPiece,
  type ArtView,
  type Gem,
} from './jewelry-art.ts';

const VIEWS: ArtView[] = ['front', 'detail', 'pair'];

/** Tags open and close in order; enough to catch a broken template without an XML parser. */
function isBalanced(svg: string): boolean {
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (name) {
      stack.push(name);
    }
  }
  return stack.length === 0;
}

function brokenReferences(svg: string): string[] {
  const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  const refs = [...svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)].map((m) => m[1] ?? '');
  return refs.filter((ref) => !ids.has(ref));
}

describe('renderJewelryArt', () => {
  const gems: (Gem | undefined)[] = [undefined, ...GEMS];

  it('renders every kind, metal, stone and view as a small, self-contained SVG', () => {
    let largest = 0;
    for (const kind of JEWELRY_KINDS) {
      for (const metal of METALS) {
        for (const gem of gems) {
          for (const view of VIEWS) {
            const svg = renderJewelryArt({ kind, metal, gem, view, seed: 7 });
            const label = `${kind}/${metal}/${gem ?? '-'}/${view}`;
            expect(svg, label).toMatch(
              /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 800"/,
            );
            expect(svg.endsWith('</svg>'), label).toBe(true);
            expect(isBalanced(svg), label).toBe(true);
            expect(brokenReferences(svg), label).toEqual([]);
            expect(svg, label).not.toMatch(/<image|<text|data:|NaN|undefined/);
            largest = Math.max(largest, Buffer.byteLength(svg));
          }
        }
      }
    }
    expect(largest).toBeLessThan(6 * 1024);
  });

  it('shades metal and stones instead of drawing flat shapes', () => {
    const svg = renderJewelryArt({ kind: 'labret', metal: 'gold-18k', gem: 'emerald' });
    expect(svg).toContain('<linearGradient');
    expect(svg).toContain('<radialGradient');
    expect(svg).toContain('<feGaussianBlur');
    expect(svg).toContain('#eecb62'); // the gold
    expect(svg).toContain('#14a060'); // the emerald
  });

  it('draws each material in its own colour', () => {
    const pictures = METALS.map((metal) => renderJewelryArt({ kind: 'segment-ring', metal }));
    expect(new Set(pictures).size).toBe(METALS.length);
  });

  it('is deterministic for a seed and varies between seeds', () => {
    const options = { kind: 'clicker', metal: 'steel', gem: 'zirconia' } as const;
    expect(renderJewelryArt({ ...options, seed: 3 })).toBe(
      renderJewelryArt({ ...options, seed: 3 }),
    );
    expect(renderJewelryArt({ ...options, seed: 3 })).not.toBe(
      renderJewelryArt({ ...options, seed: 4 }),
    );
  });

  it('keeps the gradient ids of pieces composed into one picture apart', () => {
    const a = renderJewelryPiece({ kind: 'nose-stud', metal: 'steel', gem: 'ruby' }, 'x');
    const b = renderJewelryPiece({ kind: 'nose-stud', metal: 'steel', gem: 'ruby' }, 'y');
    const idsOf = (defs: string) => [...defs.matchAll(/id="([^"]+)"/g)].map((m) => m[1]);
    const shared = idsOf(a.defs).filter((id) => idsOf(b.defs).includes(id));
    expect(shared).toEqual([]);
    expect(a.body).toContain('url(#xm)');
  });

  it('sizes the picture as asked without changing the drawing', () => {
    const svg = renderJewelryArt({ kind: 'tunnel', metal: 'black-pvd' }, 600);
    expect(svg).toContain('width="600" height="600"');
    expect(svg).toContain('viewBox="0 0 800 800"');
  });
});
