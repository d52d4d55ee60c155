/**
 * Vector drawings of real body-jewellery pieces for the demo catalogue. The store runs offline, so
 * product pictures are drawn here instead of downloaded: metal is shaded like a polished tube
 * (dark rim, banded body, highlight shifted towards a top-left light), balls and gems get
 * off-centre radial highlights and facets. Pure: the same options always give the same SVG.
 */

export const JEWELRY_KINDS = [
  'segment-ring',
  'clicker',
  'captive-bead-ring',
  'labret',
  'straight-barbell',
  'industrial-barbell',
  'tongue-barbell',
  'curved-barbell',
  'circular-barbell',
  'septum-clicker',
  'nose-stud',
  'nose-ring',
  'navel-banana',
  'navel-dangle',
  'nipple-barbell',
  'nipple-shield',
  'tunnel',
] as const;
export type JewelryKind = (typeof JEWELRY_KINDS)[number];

export const METALS = [
  'steel',
  'titanium',
  'silver-925',
  'gold-18k',
  'rose-gold',
  'titanium-gold',
  'titanium-rose',
  'titanium-blue',
  'titanium-rainbow',
  'black-pvd',
] as const;
export type Metal = (typeof METALS)[number];

export const GEMS = ['zirconia', 'opal', 'ruby', 'emerald', 'sapphire', 'amethyst'] as const;
export type Gem = (typeof GEMS)[number];

/** front: the piece alone; detail: a close-up of its decorated end; pair: two pieces. */
export type ArtView = 'front' | 'detail' | 'pair';

export interface JewelryArtOptions {
  kind: JewelryKind;
  metal: Metal;
  gem?: Gem;
  /** Barbell ends: polished balls (default) or spikes. */
  ends?: 'ball' | 'spike';
  view?: ArtView;
  /** Small deterministic variation of angle and position between pictures of one piece. */
  seed?: number;
}

type Point = readonly [number, number];
interface Piece {
  body: string;
  /** Where the close-up view zooms in. */
  focus: Point;
}

// dark, mid, light, highlight
const METAL_TONES: Record<
  Exclude<Metal, 'titanium-rainbow'>,
  readonly [string, string, string, string]
> = {
  steel: ['#464a52', '#959aa3', '#d6d9de', '#fbfcfd'],
  // Polished titanium is a shade darker and warmer than steel.
  titanium: ['#48474c', '#8b8a90', '#cbcacd', '#f5f4f2'],
  'silver-925': ['#5a5b5f', '#afb1b6', '#e7e7e9', '#fffefb'],
  'gold-18k': ['#6a4608', '#c28f22', '#eecb62', '#fff4c6'],
  'rose-gold': ['#743a2e', '#c47d6b', '#edbba6', '#fff0e8'],
  'titanium-gold': ['#66511c', '#b2934a', '#ddc784', '#f8efcf'],
  'titanium-rose': ['#6b3544', '#b86b80', '#e7a8b8', '#fde6ec'],
  'titanium-blue': ['#10275e', '#2c5bbd', '#79aaee', '#dbeaff'],
  'black-pvd': ['#060709', '#222429', '#575b62', '#a9adb4'],
};
const RAINBOW_BANDS = ['#5b3a9a', '#3f6fd6', '#a9e4f2', '#2aa6a0', '#e2c45a', '#d4669c'];

// light, mid, dark
const GEM_TONES: Record<Gem, readonly [string, string, string]> = {
  zirconia: ['#ffffff', '#e4eaf1', '#8594a8'],
  opal: ['#f8fbff', '#d4e6f4', '#9bb7cf'],
  ruby: ['#ffa3b6', '#d41f40', '#560614'],
  emerald: ['#a5f5cb', '#14a060', '#033b26'],
  sapphire: ['#abc6ff', '#244fc6', '#091858'],
  amethyst: ['#ead0ff', '#8b45c9', '#361159'],
};

const n = (value: number): number => Math.round(value * 10) / 10;
const at = (c: Point, radius: number, degrees: number): Point => [
  n(c[0] + radius * Math.cos((degrees * Math.PI) / 180)),
  n(c[1] + radius * Math.sin((degrees * Math.PI) / 180)),
];
const stops = (colors: readonly string[], offsets?: readonly number[]): string =>
  colors
    .map((color, i) => {
      const offset = offsets?.[i] ?? Math.round((i / (colors.length - 1)) * 100) / 100;
      return `<stop offset="${offset}" stop-color="${color}"/>`;
    })
    .join('');

/** mulberry32: tiny seeded PRNG so variations are repeatable. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function metalDefs(p: string, metal: Metal): { defs: string; edge: string } {
  const tones = metal === 'titanium-rainbow' ? null : METAL_TONES[metal];
  const [dark, mid, light, hi] = tones ?? ['#2a1f4a', '#3f6fd6', '#9fe0f0', '#ffffff'];
  const bands = tones
    ? [mid, light, hi, light, mid, dark, mid, light, hi, mid, dark]
    : RAINBOW_BANDS;
  const ball = tones
    ? [hi, light, mid, dark, dark, mid, dark]
    : ['#ffffff', '#9fe0f0', '#3f6fd6', '#5b3a9a', '#5b3a9a', '#d4669c', '#2a1f4a'];
  return {
    edge: dark,
    defs:
      // Anodised rainbow titanium shifts hue every few millimetres, so its bands repeat closely.
      `<linearGradient id="${p}m" gradientUnits="userSpaceOnUse" ${tones ? 'x1="150" y1="120" x2="650" y2="700"' : 'x1="300" y1="280" x2="480" y2="520" spreadMethod="reflect"'}>${stops(bands)}</linearGradient>` +
      `<linearGradient id="${p}h" gradientUnits="userSpaceOnUse" x1="150" y1="150" x2="650" y2="650"><stop stop-color="#fff"/><stop offset=".5" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity=".1"/></linearGradient>` +
      `<radialGradient id="${p}b" fx=".34" fy=".3">${stops(ball, [0, 0.1, 0.42, 0.78, 0.86, 0.94, 1])}</radialGradient>`,
  };
}

function gemDefs(p: string, gem: Gem): string {
  const [light, mid, dark] = GEM_TONES[gem];
  const base = `<radialGradient id="${p}g" cx=".42" cy=".38" r=".62"><stop stop-color="${light}"/><stop offset=".55" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></radialGradient>`;
  const sparkle = `<path fill="#fff" d="M-38-70l6 18 18 6-18 6-6 18-6-18-18-6 18-6z"/>`;
  if (gem === 'opal') {
    const flashes = [
      ['#5fe0b8', -30, 20, 34, 22],
      ['#f59ac8', 32, -18, 30, 20],
      ['#7aa8ff', 20, 40, 26, 18],
      ['#ffd66e', -22, -30, 22, 14],
    ]
      .map(
        ([c, x, y, rx, ry]) => `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${c}"/>`,
      )
      .join('');
    return (
      base +
      `<filter id="${p}f"><feGaussianBlur stdDeviation="12"/></filter>` +
      `<g id="${p}G"><circle r="100" fill="url(#${p}g)"/><g opacity=".75" filter="url(#${p}f)">${flashes}</g>` +
      `<ellipse cx="-28" cy="-44" rx="46" ry="26" fill="#fff" opacity=".7" transform="rotate(-30 -28 -44)"/>` +
      `<circle r="99" fill="none" stroke="${dark}" stroke-width="3" opacity=".5"/></g>`
    );
  }
  // Round brilliant seen from above: table, star, kite and girdle facets, each shaded by how much
  // it faces a light at the top left, grouped by shade to keep the file small.
  const table = Array.from({ length: 8 }, (_, k) => at([0, 0], 54, 45 * k + 22.5));
  const star = Array.from({ length: 8 }, (_, k) => at([0, 0], 80, 45 * k + 45));
  const girdle = Array.from({ length: 8 }, (_, k) => at([0, 0], 100, 45 * k + 22.5));
  const shades: string[][] = [[], [], [], []];
  const add = (points: Point[], shade: number): void => {
    const level = shade > 0.45 ? 0 : shade > 0 ? 1 : shade > -0.45 ? 2 : 3;
    shades[level]?.push(`M${points.map((pt) => pt.join(' ')).join('L')}Z`);
  };
  for (let k = 0; k < 8; k++) {
    const face = Math.cos(((45 * k + 45 - 225) * Math.PI) / 180);
    const t0 = table[k] ?? [0, 0];
    const t1 = table[(k + 1) % 8] ?? [0, 0];
    const s0 = star[k] ?? [0, 0];
    const s1 = star[(k + 7) % 8] ?? [0, 0];
    const g0 = girdle[k] ?? [0, 0];
    const g1 = girdle[(k + 1) % 8] ?? [0, 0];
    add([t0, t1, s0], -face * 0.8);
    add([t0, s1, g0, s0], Math.cos(((45 * k + 22.5 - 225) * Math.PI) / 180));
    add([g0, s0, g1], k % 2 ? 0.3 : -0.3);
  }
  const fills = [
    '#fff" fill-opacity=".55',
    '#fff" fill-opacity=".2',
    '#000" fill-opacity=".12',
    '#000" fill-opacity=".3',
  ];
  const facets = shades
    .map((paths, i) => (paths.length ? `<path fill="${fills[i]}" d="${paths.join('')}"/>` : ''))
    .join('');
  return (
    base +
    `<g id="${p}G"><circle r="100" fill="url(#${p}g)"/><g stroke="#fff" stroke-opacity=".45" stroke-width="1.5">${facets}` +
    `<path fill="#fff" fill-opacity=".25" d="M${table.map((pt) => pt.join(' ')).join('L')}Z"/></g>${sparkle}</g>`
  );
}

/** Helpers bound to one picture's gradient ids. */
function toolkit(p: string, edge: string) {
  const tube = (tag: string, geometry: string, width: number): string =>
    `<g fill="none" stroke-linecap="round"><${tag} ${geometry} stroke="${edge}" stroke-width="${width}"/>` +
    `<${tag} ${geometry} stroke="url(#${p}m)" stroke-width="${n(width * 0.74)}"/>` +
    `<${tag} ${geometry} stroke="url(#${p}h)" stroke-width="${n(width * 0.2)}" transform="translate(${n(-width * 0.1)} ${n(-width * 0.17)})"/></g>`;
  const ball = ([x, y]: Point, r: number): string =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#${p}b)" stroke="${edge}" stroke-opacity=".5"/>`;
  /** Many small balls share one group's paint, which keeps beaded pieces inside the size budget. */
  const beads = (points: Point[], r: number): string =>
    `<g fill="url(#${p}b)" stroke="${edge}" stroke-opacity=".5">${points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`).join('')}</g>`;
  const gem = ([x, y]: Point, r: number): string =>
    `<use href="#${p}G" transform="translate(${x} ${y}) scale(${n(r / 100) || 0.1})"/>`;
  const bezel = (c: Point, r: number): string =>
    `<circle cx="${c[0]}" cy="${c[1]}" r="${n(r * 1.2)}" fill="url(#${p}m)" stroke="${edge}" stroke-width="2"/>` +
    `<circle cx="${c[0]}" cy="${c[1]}" r="${n(r * 1.04)}" fill="${edge}"/>${gem(c, r)}`;
  const prongs = (c: Point, r: number): string =>
    `<circle cx="${c[0]}" cy="${c[1]}" r="${n(r * 1.06)}" fill="url(#${p}m)"/>${gem(c, r)}` +
    beads(
      [45, 135, 225, 315].map((a) => at(c, r * 0.98, a)),
      n(r * 0.2),
    );
  /** A ball, a spike or a prong-set gem at the end of a bar that points along `degrees`. */
  const end = (c: Point, r: number, degrees: number, kind: 'ball' | 'spike' | 'gem'): string => {
    if (kind === 'gem') return prongs(c, r * 0.85);
    if (kind === 'ball') return ball(c, r);
    // A short collar running into a cone of the same width, like a pencil tip; a cone wider
    // than its base reads as an arrow head.
    const side = (from: Point, w: number): [Point, Point] => [
      at(from, w, degrees + 90),
      at(from, w, degrees - 90),
    ];
    const [a0, b0] = side(at(c, r * 0.2, degrees + 180), r * 0.66);
    const [a1, b1] = side(at(c, r * 0.35, degrees), r * 0.66);
    const tip = at(c, r * 2, degrees);
    return (
      `<path d="M${[a0, a1, tip, b1, b0].map((pt) => pt.join(' ')).join('L')}Z" fill="url(#${p}m)" stroke="${edge}" stroke-width="2" stroke-linejoin="round"/>` +
      `<path d="M${a1.join(' ')}L${b1.join(' ')}" stroke="${edge}" stroke-opacity=".6" stroke-width="2"/>` +
      `<path d="M${at(at(c, r * 0.3, degrees + 180), r * 0.3, degrees - 90).join(' ')}L${at(c, r * 1.6, degrees).join(' ')}" stroke="#fff" stroke-opacity=".6" stroke-width="4" stroke-linecap="round"/>`
    );
  };
  return { tube, ball, beads, gem, bezel, prongs, end };
}
type Kit = ReturnType<typeof toolkit>;

const circle = (c: Point, r: number): string => `cx="${c[0]}" cy="${c[1]}" r="${r}"`;
const arc = (c: Point, r: number, from: number, to: number): string => {
  const a = at(c, r, from);
  const b = at(c, r, to);
  const large = (((to - from) % 360) + 360) % 360 > 180 ? 1 : 0;
  return `d="M${a.join(' ')}A${r} ${r} 0 ${large} 1 ${b.join(' ')}"`;
};

function drawPiece(o: JewelryArtOptions, k: Kit, edge: string, px: string): Piece {
  const gem = o.gem !== undefined;
  const endKind = gem ? 'gem' : (o.ends ?? 'ball');
  switch (o.kind) {
    case 'segment-ring': {
      const c: Point = [400, 390];
      const joints = [62, 118]
        .map((a) => {
          const [x1, y1] = at(c, 162, a);
          const [x2, y2] = at(c, 200, a);
          return `<path d="M${x1} ${y1}L${x2} ${y2}" stroke="${edge}" stroke-width="3"/>`;
        })
        .join('');
      return { body: k.tube('circle', circle(c, 181), 38) + joints, focus: [400, 560] };
    }
    case 'clicker': {
      const c: Point = [400, 380];
      const front = gem
        ? [50, 70, 90, 110, 130].map((a) => k.bezel(at(c, 170, a), 17)).join('')
        : k.tube('path', arc(c, 170, 40, 140), 46);
      const hinge = at(c, 170, 200);
      return {
        body:
          k.tube('circle', circle(c, 170), 30) +
          front +
          `<rect x="${hinge[0] - 26}" y="${hinge[1] - 16}" width="52" height="32" rx="14" fill="url(#${px}m)" stroke="${edge}" stroke-width="2" transform="rotate(110 ${hinge.join(' ')})"/>`,
        focus: [400, 540],
      };
    }
    case 'captive-bead-ring': {
      const c: Point = [400, 370];
      const bead = at(c, 180, 90);
      const top = gem ? k.bezel(bead, 30) : '';
      return {
        body: k.tube('path', arc(c, 180, 104, 76), 26) + k.ball(bead, 50) + top,
        focus: bead,
      };
    }
    case 'labret': {
      const top: Point = [400, 280];
      return {
        body:
          `<ellipse cx="400" cy="614" rx="104" ry="30" fill="${edge}"/><ellipse cx="400" cy="602" rx="104" ry="30" fill="url(#${px}m)" stroke="${edge}" stroke-width="2"/>` +
          `<ellipse cx="380" cy="594" rx="50" ry="9" fill="#fff" opacity=".5"/>` +
          k.tube('path', 'd="M400 600V330"', 20) +
          (gem ? k.bezel(top, 70) : k.ball(top, 64)),
        focus: top,
      };
    }
    case 'straight-barbell':
    case 'industrial-barbell':
    case 'tongue-barbell': {
      const [half, width, r] =
        o.kind === 'industrial-barbell'
          ? [300, 18, 40]
          : o.kind === 'tongue-barbell'
            ? [170, 28, 62]
            : [220, 22, 48];
      const a = at([400, 400], half, 135);
      const b = at([400, 400], half, -45);
      return {
        body:
          k.tube('path', `d="M${a.join(' ')}L${b.join(' ')}"`, width) +
          k.end(a, r, 135, endKind === 'gem' ? 'ball' : endKind) +
          k.end(b, r, -45, endKind),
        focus: b,
      };
    }
    case 'curved-barbell': {
      const c: Point = [400, 560];
      const [from, to] = [215, 325];
      return {
        body:
          k.tube('path', arc(c, 250, from, to), 20) +
          k.end(at(c, 250, from), 38, from - 90, endKind === 'gem' ? 'ball' : endKind) +
          k.end(at(c, 250, to), 38, to + 90, endKind),
        focus: at(c, 250, to),
      };
    }
    case 'circular-barbell': {
      const c: Point = [400, 370];
      return {
        body:
          k.tube('path', arc(c, 180, 122, 58), 26) +
          // Ends point into the gap, as on a real horseshoe.
          k.end(at(c, 180, 122), 42, 32, endKind) +
          k.end(at(c, 180, 58), 42, 148, endKind),
        focus: [400, 550],
      };
    }
    case 'septum-clicker': {
      const c: Point = [400, 360];
      const front = gem
        ? [38, 58, 78, 98, 118, 138].map((a) => k.bezel(at(c, 150, a + 2), 16)).join('')
        : k.tube('path', arc(c, 150, 35, 145), 50) +
          k.beads(
            [50, 70, 90, 110, 130].map((a) => at(c, 178, a)),
            13,
          );
      const hinge = at(c, 150, 270);
      return {
        body:
          k.tube('circle', circle(c, 150), 26) +
          front +
          `<rect x="${hinge[0] - 30}" y="${hinge[1] - 18}" width="60" height="36" rx="16" fill="url(#${px}m)" stroke="${edge}" stroke-width="2"/>`,
        focus: [400, 510],
      };
    }
    case 'nose-stud': {
      const top: Point = [390, 300];
      return {
        body:
          k.tube('path', 'd="M390 360V560C390 640 490 640 490 575"', 14) +
          (gem ? k.bezel(top, 62) : k.ball(top, 54)),
        focus: top,
      };
    }
    case 'nose-ring': {
      const c: Point = [400, 380];
      const tip = at(c, 150, 70);
      return {
        body: k.tube('path', arc(c, 150, 96, 70), 16) + (gem ? k.bezel(tip, 22) : k.ball(tip, 22)),
        focus: tip,
      };
    }
    case 'navel-banana':
    case 'navel-dangle': {
      const setting: Point = [400, 470];
      const bar =
        k.tube('path', 'd="M400 190C320 270 320 400 400 440"', 20) +
        k.ball([400, 168], 36) +
        (gem ? k.prongs(setting, 56) : k.ball(setting, 58));
      if (o.kind === 'navel-banana') {
        return { body: `<g transform="translate(0 70)">${bar}</g>`, focus: [400, 520] };
      }
      const drop =
        `<path d="M400 585C428 620 462 662 462 698A62 62 0 0 1 338 698C338 662 372 620 400 585Z" fill="url(#${px}g)" stroke="${edge}" stroke-width="3"/>` +
        `<path d="M400 630C414 650 430 672 430 692A30 30 0 0 1 370 692C370 672 386 650 400 630Z" fill="#fff" fill-opacity=".3" stroke="#fff" stroke-opacity=".5"/>` +
        `<path d="M400 585V630M338 698H370M462 698H430M360 740L378 710M440 740L422 710" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>` +
        `<path fill="#fff" d="M378 655l4 12 12 4-12 4-4 12-4-12-12-4 12-4z"/>`;
      return {
        // The longest piece: shrunk and centred so the drop stays inside the frame.
        body: `<g transform="translate(400 400) scale(.86) translate(-400 -446)">${k.tube('circle', circle([400, 550], 20), 8) + bar}<g transform="translate(0 -12)">${drop}</g></g>`,
        focus: [400, 500],
      };
    }
    case 'nipple-barbell': {
      // Laid slightly askew: a level bar with pointed ends reads as a sign, not a jewel.
      const a = at([400, 400], 230, 170);
      const b = at([400, 400], 230, -10);
      return {
        body:
          k.tube('path', `d="M${a.join(' ')}L${b.join(' ')}"`, 22) +
          k.end(a, 46, 170, endKind) +
          k.end(b, 46, -10, endKind),
        focus: b,
      };
    }
    case 'nipple-shield': {
      const c: Point = [400, 400];
      const beads = k.beads(
        Array.from({ length: 16 }, (_, i) => at(c, 196, i * 22.5 + 11.25)),
        15,
      );
      const stones = gem ? [45, 135, 225, 315].map((a) => k.bezel(at(c, 150, a), 18)).join('') : '';
      return {
        body:
          k.tube('circle', circle(c, 168), 22) +
          beads +
          stones +
          k.tube('path', 'd="M120 400H680"', 18) +
          k.ball([112, 400], 36) +
          k.ball([688, 400], 36),
        focus: [560, 400],
      };
    }
    case 'tunnel': {
      return {
        body:
          `<circle cx="400" cy="400" r="200" fill="url(#${px}m)" stroke="${edge}" stroke-width="3"/>` +
          `<circle cx="400" cy="400" r="150" fill="${edge}"/>` +
          `<circle cx="400" cy="400" r="144" fill="url(#${px}b)"/>` +
          `<circle cx="414" cy="420" r="116" fill="#e6e1da" stroke="${edge}" stroke-width="3"/>` +
          `<circle cx="400" cy="400" r="175" fill="none" stroke="url(#${px}h)" stroke-width="12" transform="translate(-6 -10)"/>`,
        focus: [400, 250],
      };
    }
  }
}

/**
 * The piece as a group plus its defs, so banners can place several pieces in one SVG; idPrefix
 * keeps their gradient ids apart.
 */
export function renderJewelryPiece(
  options: JewelryArtOptions,
  idPrefix = 'a',
): { defs: string; body: string; focus: Point } {
  // A pendant is a stone by definition; default it rather than draw an empty drop.
  const gem = options.gem ?? (options.kind === 'navel-dangle' ? 'zirconia' : undefined);
  const metal = metalDefs(idPrefix, options.metal);
  const kit = toolkit(idPrefix, metal.edge);
  const piece = drawPiece({ ...options, gem }, kit, metal.edge, idPrefix);
  return {
    defs: metal.defs + (gem ? gemDefs(idPrefix, gem) : ''),
    body: piece.body,
    focus: piece.focus,
  };
}

/** A soft shadow cast by whatever it is applied to: the shape, darkened and blurred. */
export function shadowFilter(id: string, blur = 10): string {
  return `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feColorMatrix values="0 0 0 0 .22 0 0 0 0 .18 0 0 0 0 .14 0 0 0 .32 0"/><feGaussianBlur stdDeviation="${blur}"/></filter>`;
}

/** A complete 800x800 picture of the piece on a neutral, softly vignetted background. */
export function renderJewelryArt(options: JewelryArtOptions, size = 800): string {
  const rand = random((options.seed ?? 1) * 7919 + options.kind.length);
  const piece = renderJewelryPiece(options, 'a');
  const angle = n((rand() - 0.5) * 18);
  const dx = n((rand() - 0.5) * 30);
  const dy = n((rand() - 0.5) * 20);
  const view = options.view ?? 'front';
  const place = (transform: string): string =>
    `<use href="#p" transform="${transform} translate(16 30)" filter="url(#s)"/><use href="#p" transform="${transform}"/>`;
  let scene: string;
  if (view === 'pair') {
    scene =
      place(
        `translate(${290 + dx} ${320 + dy}) rotate(${angle - 14}) scale(.72) translate(-400 -400)`,
      ) +
      place(
        `translate(${545 + dx} ${520 + dy}) rotate(${angle + 16}) scale(.58) translate(-400 -400)`,
      );
  } else if (view === 'detail') {
    const [fx, fy] = piece.focus;
    scene = place(`translate(400 400) scale(1.55) rotate(${angle}) translate(${-fx} ${-fy})`);
  } else {
    // A touch larger than drawn so the piece fills the frame like a product photo.
    scene = place(`translate(${dx} ${dy}) rotate(${angle} 400 400) matrix(1.1 0 0 1.1 -40 -40)`);
  }
  const background = `<radialGradient id="v" cx=".5" cy=".45" r=".78"><stop offset=".2" stop-color="#fcfbf9"/><stop offset=".75" stop-color="#ebe7e1"/><stop offset="1" stop-color="#d9d3cb"/></radialGradient>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="${size}" height="${size}">` +
    `<defs>${background}${piece.defs}${shadowFilter('s')}<g id="p">${piece.body}</g></defs>` +
    `<rect width="800" height="800" fill="url(#v)"/>${scene}</svg>`
  );
}
