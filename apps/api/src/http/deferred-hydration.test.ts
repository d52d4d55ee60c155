import { createHash } from 'node:crypto';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  BOOT_SCRIPT,
  BOOT_SCRIPT_SOURCE,
  deferAppScripts,
  stylesheetHref,
} from './deferred-hydration.ts';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

/** index.html as Vite 8 writes it for this app (apps/web/dist/index.html). */
const VITE_INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Lumina Piercings</title>
    <script type="module" crossorigin src="/assets/index-B6i2ag0w.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-WkwZ5CU-.js">
    <link rel="modulepreload" crossorigin href="/assets/query-DxKdJjNX.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D8DLRtxf.css">
  </head>
  <body>
    <div id="root"><main>Argola</main></div>
  </body>
</html>
`;

describe('deferAppScripts', () => {
  const html = deferAppScripts(VITE_INDEX);
  const head = html.slice(0, html.indexOf('</head>'));

  it('takes the entry script and the module preloads out of the head, keeping the stylesheet', () => {
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D8DLRtxf.css">');
    expect(html).toContain('<div id="root"><main>Argola</main></div>');
  });

  it('ends the body with the boot script, which carries the entry and the preloads', () => {
    const boot =
      /<script data-entry="([^"]*)" data-preload="([^"]*)">([\s\S]*?)<\/script>\s*<\/body>/.exec(
        html,
      );
    expect(boot?.[1]).toBe('/assets/index-B6i2ag0w.js');
    expect(boot?.[2]).toBe('/assets/rolldown-runtime-WkwZ5CU-.js /assets/query-DxKdJjNX.js');
    expect(boot?.[3]).toBe(BOOT_SCRIPT);
  });

  it('with a late stylesheet, takes its link out of the head too and hands it to the boot script', () => {
    const late = deferAppScripts(VITE_INDEX, { lateStylesheet: true });
    expect(late.slice(0, late.indexOf('</head>'))).not.toContain('stylesheet');
    const boot = /<script data-entry="([^"]*)" data-preload="([^"]*)" data-style="([^"]*)">/.exec(
      late,
    );
    expect(boot?.[1]).toBe('/assets/index-B6i2ag0w.js');
    expect(boot?.[3]).toBe('/assets/index-D8DLRtxf.css');
    expect(stylesheetHref(VITE_INDEX)).toBe('/assets/index-D8DLRtxf.css');
    // Without a stylesheet to hand over, the head keeps what it has.
    const unstyled = VITE_INDEX.replace(/.*stylesheet.*\n/, '');
    expect(stylesheetHref(unstyled)).toBeUndefined();
    expect(deferAppScripts(unstyled, { lateStylesheet: true })).toBe(deferAppScripts(unstyled));
  });

  it('leaves an HTML without a Vite entry script as it is', () => {
    const plain = '<html><head><script src="/x.js"></script></head><body></body></html>';
    expect(deferAppScripts(plain)).toBe(plain);
  });
});

describe('the Content-Security-Policy', () => {
  it("allows the boot script by the hash a browser computes of the element's text, and no other inline script", () => {
    const digest = createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64');
    expect(BOOT_SCRIPT_SOURCE).toBe(`'sha256-${digest}'`);
    expect(CONTENT_SECURITY_POLICY.directives['script-src']).toEqual([
      "'self'",
      BOOT_SCRIPT_SOURCE,
    ]);
    expect(CONTENT_SECURITY_POLICY.directives['script-src'].join(' ')).not.toContain(
      'unsafe-inline',
    );
  });

  it('the boot script is plain JavaScript a parser takes (compiled here, never run)', () => {
    // A syntax error would only show in the browser as a page that never hydrates.
    expect(() => new Script(BOOT_SCRIPT)).not.toThrow();
  });
});
