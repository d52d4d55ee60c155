/**
 * A self-made image challenge: each character is drawn as jittered strokes (never as SVG text,
 * which a bot would simply read), rotated and scaled at random, over crossing noise strokes of
 * the same weight. Glyphs sit on a 4 x 6 grid; ambiguous characters (0/O, 1/I, B/8, S/5...)
 * are left out of the alphabet.
 */
type Stroke = ReadonlyArray<readonly [number, number]>;

const GLYPHS: Record<string, readonly Stroke[]> = {
  '2': [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [0, 6],
      [4, 6],
    ],
  ],
  '3': [
    [
      [0, 0.5],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1.5, 3],
    ],
    [
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5.5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '5': [
    [
      [4, 0],
      [0, 0],
      [0, 3],
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  '6': [
    [
      [4, 0.5],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [0, 3],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '8': [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
    [
      [1, 3],
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 4],
      [1, 3],
    ],
  ],
  '9': [
    [
      [4, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.9, 3.6],
      [3.1, 3.6],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.3, 2.8],
      [4, 6],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 6],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

const WIDTH = 220;
const HEIGHT = 72;

/** A source of numbers in [0, 1); Math.random by default (the picture is not the secret). */
export type RandomSource = () => number;

function between(random: RandomSource, min: number, max: number): number {
  return min + (max - min) * random();
}

function round(value: number): string {
  return value.toFixed(1);
}

function strokeColour(random: RandomSource): string {
  const hue = Math.floor(between(random, 0, 360));
  return `hsl(${hue},55%,${Math.floor(between(random, 22, 38))}%)`;
}

function glyphPaths(char: string, index: number, count: number, random: RandomSource): string {
  const strokes = GLYPHS[char];
  if (!strokes) throw new Error(`no captcha glyph for ${char}`);
  const slot = (WIDTH - 20) / count;
  const scaleX = between(random, 5.5, 7.5);
  const scaleY = between(random, 6.5, 8.5);
  const centreX = 10 + slot * index + slot / 2 + between(random, -4, 4);
  const centreY = HEIGHT / 2 + between(random, -6, 6);
  const angle = (between(random, -22, 22) * Math.PI) / 180;
  const skew = between(random, -0.25, 0.25);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const colour = strokeColour(random);
  const width = round(between(random, 2.4, 3.4));

  return strokes
    .map((stroke) => {
      const points = stroke.map(([gx, gy]) => {
        // Centre the 4 x 6 grid on the origin, skew, jitter, scale, rotate, then place.
        const x = (gx - 2 + (gy - 3) * skew + between(random, -0.22, 0.22)) * scaleX;
        const y = (gy - 3 + between(random, -0.22, 0.22)) * scaleY;
        return `${round(centreX + x * cos - y * sin)} ${round(centreY + x * sin + y * cos)}`;
      });
      return `<path d="M${points.join(' L')}" stroke="${colour}" stroke-width="${width}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join('');
}

function noise(random: RandomSource): string {
  const parts: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const y1 = between(random, 5, HEIGHT - 5);
    const y2 = between(random, 5, HEIGHT - 5);
    parts.push(
      `<path d="M${round(between(random, 0, 30))} ${round(y1)} Q${round(between(random, 60, 160))} ${round(between(random, -20, HEIGHT + 20))} ${round(between(random, WIDTH - 30, WIDTH))} ${round(y2)}" stroke="${strokeColour(random)}" stroke-width="${round(between(random, 1.2, 2.6))}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 40; i += 1) {
    parts.push(
      `<circle cx="${round(between(random, 0, WIDTH))}" cy="${round(between(random, 0, HEIGHT))}" r="${round(between(random, 0.6, 1.8))}" fill="${strokeColour(random)}"/>`,
    );
  }
  return parts.join('');
}

/** The challenge picture as an SVG document. */
export function renderCaptchaSvg(answer: string, random: RandomSource = Math.random): string {
  const chars = [...answer];
  const glyphs = chars.map((char, index) => glyphPaths(char, index, chars.length, random));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${Math.floor(between(random, 30, 60))},40%,95%)"/>`,
    noise(random),
    glyphs.join(''),
    '</svg>',
  ].join('');
}

/** A data URL the web app can put straight into an <img src>. */
export function captchaDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
