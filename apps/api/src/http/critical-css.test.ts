import { describe, expect, it } from 'vitest';
import {
  criticalCss,
  htmlClasses,
  htmlTags,
  parseStylesheet,
  selectorNeeds,
} from './critical-css.ts';

const requiredClasses = (selector: string) => selectorNeeds(selector).classes;

/** Shaped as Tailwind 4 and Vite write the web app's stylesheet (flat, minified). */
const SHEET = [
  '/*! tailwindcss v4 | MIT License */',
  '@layer properties{@supports (((-webkit-hyphens:none))){*,:before,:after{--tw-shadow:0 0 #0000}}}',
  '@layer theme,base,components,utilities;',
  '@layer theme{:root,:host{--color-gold-700:#7a5a1e;--color-sale:#b42318;--font-sans:system-ui;--default-font-family:var(--font-sans)}}',
  '@layer base{*,:after,:before{box-sizing:border-box}html{font-family:var(--default-font-family)}h1{font-size:inherit}code,pre{font-size:1em}:where(select:is([multiple])) optgroup{font-weight:bolder}::placeholder{opacity:1}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.grid{display:grid}',
  '.shadow{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}',
  '.\\[\\&_a\\]\\:text-gold-700 a{color:var(--color-gold-700)}',
  '.w-1\\/2{width:50%}',
  '.\\32 xl\\:flex{display:flex}',
  ':where(.space-y-4>:not(:last-child)){margin-block:1rem}',
  '.peer:not(.is-open)~.peer-x{opacity:0}',
  '.a-only,.b-only{color:red}',
  '@media (hover:hover){.group-hover\\:underline:is(:where(.group):hover *){text-decoration:underline}}',
  '@media (min-width:40rem){.sm\\:grid{display:grid}.sm\\:hidden{display:none}}',
  '.content-\\[\\"x\\"\\]{--tw-content:"x";content:var(--tw-content)}',
  '}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
].join('');

const sheet = parseStylesheet(SHEET);

describe('requiredClasses', () => {
  it('reads escaped class names as the HTML writes them', () => {
    expect(requiredClasses('.\\[\\&_a\\]\\:text-gold-700 a')).toEqual(['[&_a]:text-gold-700']);
    expect(requiredClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(requiredClasses('.\\32 xl\\:flex')).toEqual(['2xl:flex']);
    expect(requiredClasses('.content-\\[\\"x\\"\\]')).toEqual(['content-["x"]']);
  });

  it('requires the classes of a single :is() or :where(), not those of :not() or of alternatives', () => {
    expect(requiredClasses(':where(.space-y-4>:not(:last-child))')).toEqual(['space-y-4']);
    expect(requiredClasses('.group-hover\\:underline:is(:where(.group):hover *)')).toEqual([
      'group-hover:underline',
      'group',
    ]);
    expect(requiredClasses('.peer:not(.is-open)~.peer-x')).toEqual(['peer', 'peer-x']);
    expect(requiredClasses(':is(.a,.b) p')).toEqual([]);
    expect(requiredClasses('a[href$=".pdf"]')).toEqual([]);
  });

  it('requires the elements named where a compound selector starts, not pseudo-classes or ids', () => {
    expect(selectorNeeds('code').tags).toEqual(['code']);
    expect(selectorNeeds('abbr:where([title])').tags).toEqual(['abbr']);
    expect(selectorNeeds(':where(select:is([multiple],[size])) optgroup option').tags).toEqual([
      'select',
      'optgroup',
      'option',
    ]);
    expect(selectorNeeds('.prose>svg:first-child').tags).toEqual(['svg']);
    expect(selectorNeeds('#root *::placeholder').tags).toEqual([]);
    expect(selectorNeeds('.\\[\\&_a\\]\\:underline a').tags).toEqual(['a']);
  });
});

describe('htmlTags', () => {
  it('names the elements of the HTML in lower case, with html and body', () => {
    expect([...htmlTags('<div><SVG><path/></SVG><p>a < b</p></div>')].sort()).toEqual([
      'body',
      'div',
      'html',
      'p',
      'path',
      'svg',
    ]);
  });
});

describe('htmlClasses', () => {
  it('takes every class of the class attributes, with their entities decoded', () => {
    const html =
      '<div class="flex  sm:grid"><p class="[&amp;_a]:text-gold-700 content-[&quot;x&quot;]">x</p><svg class="w-1/2"></svg><p data-class="grid">';
    expect([...htmlClasses(html)].sort()).toEqual([
      '[&_a]:text-gold-700',
      'content-["x"]',
      'flex',
      'sm:grid',
      'w-1/2',
    ]);
  });
});

describe('criticalCss', () => {
  it('keeps the rules the HTML can use and those that need no class or element it lacks, in their order', () => {
    const css = criticalCss(sheet, '<main class="flex sm:grid w-1/2"><h1>Joias</h1></main>');
    expect(css).toBe(
      [
        '/*! tailwindcss v4 | MIT License */',
        '@layer properties{}',
        '@layer theme,base,components,utilities;',
        '@layer theme{:root,:host{--font-sans:system-ui;--default-font-family:var(--font-sans)}}',
        '@layer base{*,:after,:before{box-sizing:border-box}html{font-family:var(--default-font-family)}h1{font-size:inherit}::placeholder{opacity:1}}',
        '@layer utilities{',
        '.flex{display:flex}',
        '.w-1\\/2{width:50%}',
        '@media (min-width:40rem){.sm\\:grid{display:grid}}',
        '}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
      ].join(''),
    );
  });

  it('keeps a rule for the selectors of its list that can apply, and variants whose classes are there', () => {
    const html =
      '<a class="group b-only"><span class="group-hover:underline [&amp;_a]:text-gold-700">x</span></a><ul class="space-y-4"></ul><i class="peer"></i><i class="peer-x"></i>';
    const css = criticalCss(sheet, html);
    expect(css).toContain('.b-only{color:red}');
    expect(css).not.toContain('.a-only');
    expect(css).toContain(
      '@media (hover:hover){.group-hover\\:underline:is(:where(.group):hover *){text-decoration:underline}}',
    );
    expect(css).toContain('.\\[\\&_a\\]\\:text-gold-700 a{color:var(--color-gold-700)}');
    expect(css).toContain(':where(.space-y-4>:not(:last-child)){margin-block:1rem}');
    expect(css).toContain('.peer:not(.is-open)~.peer-x{opacity:0}');
    expect(css).not.toContain('@media (min-width:40rem)');
  });

  it('keeps a custom property, its declarations and its @property rule, only when something kept reads it', () => {
    expect(criticalCss(sheet, '<p class="flex"></p>')).not.toContain('--tw-shadow');
    const css = criticalCss(sheet, '<p class="shadow"></p>');
    expect(css).toContain('@property --tw-shadow{');
    expect(css).toContain('*,:before,:after{--tw-shadow:0 0 #0000}');
    expect(css).not.toContain('@property --tw-ring-shadow');
    expect(css).not.toContain('--color-gold-700');
    // Read by a kept rule, or by the page's own style attributes.
    expect(criticalCss(sheet, '<p class="[&amp;_a]:text-gold-700"><a>x</a></p>')).toContain(
      '--color-gold-700:#7a5a1e',
    );
    expect(criticalCss(sheet, '<p style="color:var(--color-sale)"></p>')).toContain(
      '--color-sale:#b42318',
    );
  });

  it('keeps element rules for the elements the page has', () => {
    const css = criticalCss(sheet, '<pre>x</pre><select multiple><optgroup></optgroup></select>');
    expect(css).toContain('pre{font-size:1em}');
    expect(css).not.toContain('code');
    expect(css).toContain(':where(select:is([multiple])) optgroup{font-weight:bolder}');
    expect(criticalCss(sheet, '<select></select>')).not.toContain('optgroup');
  });

  it('keeps what it does not read as it is written', () => {
    const odd = parseStylesheet(
      '@font-face{font-family:x;src:url(x.woff2)}.a{b:c}.x{&:hover{y:z}}',
    );
    expect(criticalCss(odd, '')).toBe('@font-face{font-family:x;src:url(x.woff2)}.x{&:hover{y:z}}');
  });
});
