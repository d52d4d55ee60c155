import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, captchaDataUrl, renderCaptchaSvg } from './captcha-image.ts';

describe('renderCaptchaSvg', () => {
  it('draws every character of the alphabet as strokes, never as text', () => {
    for (let start = 0; start < CAPTCHA_ALPHABET.length; start += 5) {
      const answer = CAPTCHA_ALPHABET.slice(start, start + 5);
      const svg = renderCaptchaSvg(answer);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<text|<tspan|font/);
      // The answer appears nowhere in the document a bot could read.
      expect(svg.toUpperCase()).not.toContain(answer);
      expect(svg.match(/stroke-linecap="round"/g)?.length).toBeGreaterThanOrEqual(answer.length);
    }
  });

  it('leaves out look-alike characters', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'B', 'S', 'Z', 'G', 'D', 'Q']) {
      expect(CAPTCHA_ALPHABET).not.toContain(ambiguous);
    }
  });

  it('draws the same answer differently each time', () => {
    expect(renderCaptchaSvg('K7M4P')).not.toBe(renderCaptchaSvg('K7M4P'));
  });

  it('refuses a character it cannot draw', () => {
    expect(() => renderCaptchaSvg('B')).toThrow(/no captcha glyph/);
  });

  it('makes a data URL an <img> can show', () => {
    const url = captchaDataUrl('<svg/>');
    expect(url).toBe(`data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`);
  });
});
