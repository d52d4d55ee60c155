import { describe, expect, it } from 'vitest';
import { descriptionText, sanitizeDescription } from './sanitize-description.ts';

describe('sanitizeDescription', () => {
  it.each([
    [
      '<p>Aço <strong>316L</strong> e <em>titânio</em></p>',
      '<p>Aço <strong>316L</strong> e <em>titânio</em></p>',
    ],
    ['<ul><li>8 mm</li><li>10 mm</li></ul><br>', '<ul><li>8 mm</li><li>10 mm</li></ul><br />'],
    [
      '<h3>Medidas</h3><h4>Haste</h4><ol><li>1</li></ol>',
      '<h3>Medidas</h3><h4>Haste</h4><ol><li>1</li></ol>',
    ],
    [
      '<b>negrito</b> <i>itálico</i> <h1>T</h1>',
      '<strong>negrito</strong> <em>itálico</em> <h3>T</h3>',
    ],
    ['<p>oi</p><script>alert(1)</script>', '<p>oi</p>'],
    ['<p onclick="x()" style="color:red" class="a">oi</p>', '<p>oi</p>'],
    ['<img src=x onerror=alert(1)><iframe src="//x"></iframe>oi', 'oi'],
    [
      '<a href="javascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    ],
    [
      '<a href="//evil.example/x">x</a>',
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    ],
    [
      '<a href="https://wa.me/55" onmouseover="x()">WhatsApp</a>',
      '<a href="https://wa.me/55" rel="noopener noreferrer nofollow" target="_blank">WhatsApp</a>',
    ],
    ['<p><script>x</script></p><p>ok</p>', '<p>ok</p>'],
    ['<style>p{}</style>texto', 'texto'],
  ])('%s', (input, expected) => {
    expect(sanitizeDescription(input)).toBe(expected);
  });
});

describe('descriptionText', () => {
  it('keeps words apart and decodes entities', () => {
    expect(
      descriptionText(sanitizeDescription('<ul><li>aço</li><li>ouro &amp; prata</li></ul>')),
    ).toBe('aço ouro & prata');
  });
});
