import { createHash } from 'node:crypto';
import { escapeHtml } from '../integrations/mail/escape-html.ts';

/**
 * Starts the web app's code once a server-rendered page is on screen (for the largest contentful
 * paint). On a slow
 * phone link the 130 KiB of script fetched from the <head> shares the bandwidth with the
 * stylesheet and the page's main picture, and so delays both the first paint and the picture;
 * the HTML already shows the page, so the code can wait until the picture marked
 * fetchpriority="high" has loaded and is on screen (or, without one, until the first paint is),
 * and at most 3 s. It then adds the modulepreload links and the entry script as Vite wrote them
 * (after the full stylesheet, when the page carries only the rules it uses).
 * "On screen" is the browser's own paint entry (largest-contentful-paint, first-contentful-paint)
 * where it has one: a frame's callbacks run before its pixels are presented, and a script asked
 * for in between would still compete with the paint for the phone's link and CPU.
 *
 * Until React has taken the whole page over, a tap on one of the page's buttons ('+', 'Adicionar
 * ao carrinho', the menu) would do nothing: the buttons have no handlers yet. The script holds
 * such clicks (a form's button does not submit it either) and clicks the same buttons again once
 * hydration has reached the root's last element (it goes depth first, marking each element it
 * adopts) and the browser has idled, so React's handlers answer them. Clicks still held after
 * 15 s are dropped; links work as links all along. Once React has the page, <html> gets
 * data-hydrated.
 *
 * The text never changes (what differs per build travels in data-entry and data-preload), so the
 * Content-Security-Policy allows it by its hash and keeps script-src 'self' otherwise.
 */
export const BOOT_SCRIPT =
  '(function(d,w){' +
  'var b=d.currentScript.dataset,root=d.getElementById("root"),held=[],holding=true,started=false;' +
  'function hold(e){var t=e.target,button=t&&t.closest?t.closest("button"):null;' +
  'if(!holding||!button||!root||!root.contains(button))return;' +
  'e.preventDefault();e.stopPropagation();if(held.length<10)held.push(button)}' +
  'd.addEventListener("click",hold,true);' +
  'function release(replay){holding=false;d.removeEventListener("click",hold,true);' +
  // The page says it is ready (the browser tests wait for this, as a shopper would).
  'if(replay)d.documentElement.setAttribute("data-hydrated","");' +
  // One click per task, as taps come: React commits each before the next reads its state.
  'var clicks=replay?held:[];held=[];' +
  '(function next(){var button=clicks.shift();if(!button)return;' +
  'if(button.isConnected)button.click();setTimeout(next,0)})()}' +
  'function adopted(){var last=root&&root.lastElementChild;' +
  'return!!last&&Object.keys(last).some(function(k){return k.indexOf("__reactFiber$")===0})}' +
  'function watch(tries){if(adopted())(w.requestIdleCallback||setTimeout)(function(){release(true)});' +
  'else if(tries<300)setTimeout(function(){watch(tries+1)},50);else release(false)}' +
  'function add(rel,h){var l=d.createElement("link");l.rel=rel;l.crossOrigin="";l.href=h;d.head.appendChild(l);return l}' +
  'function entry(){var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=b.entry;d.head.appendChild(s);' +
  'watch(0)}' +
  // The page carries the rules it uses; the whole stylesheet comes now, for what the app draws
  // later, and the app starts once it has it (or could not get it): it is smaller than the
  // scripts, which download meanwhile.
  'function start(){if(started)return;started=true;' +
  'var css=b.style?add("stylesheet",b.style):null;' +
  '[b.entry].concat(b.preload.split(" ")).filter(Boolean).forEach(function(h){add("modulepreload",h)});' +
  'if(css){css.onload=css.onerror=entry}else entry()}' +
  // Once the browser has put the paint on screen: its own paint entry says so where it has one
  // (a frame's callbacks can run before the pixels reach the screen), else the next frame.
  'function shown(type,test,then){var P=w.PerformanceObserver;' +
  'if(!P||(P.supportedEntryTypes||[]).indexOf(type)<0){requestAnimationFrame(function(){setTimeout(then,0)});return}' +
  'var o=new P(function(list){if(list.getEntries().some(test)){o.disconnect();setTimeout(then,0)}});' +
  'o.observe({type:type,buffered:true})}' +
  'var img=d.querySelector("#root img[fetchpriority=high]");' +
  'function pictureShown(){' +
  'shown("largest-contentful-paint",function(e){return e.url===img.currentSrc},start);' +
  // A picture that is not the largest paint gets no entry of its own.
  'setTimeout(start,1000)}' +
  // Loaded already is not painted yet: its decoding may land in a frame after the first paint.
  'if(img&&img.complete)pictureShown();' +
  'else if(img){img.addEventListener("load",pictureShown);img.addEventListener("error",start)}' +
  'else shown("paint",function(e){return e.name==="first-contentful-paint"},start);' +
  'setTimeout(start,3000)' +
  '})(document,window)';

/** The CSP source that allows BOOT_SCRIPT and no other inline script. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
const STYLESHEET = /[ \t]*<link rel="stylesheet" crossorigin href="([^"]+)">\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * The HTML with the app's entry script and module preloads moved from the <head> into the boot
 * script at the end of the <body>; unchanged when the head does not have them as Vite writes them.
 * With `lateStylesheet`, the stylesheet's link goes too (the page then carries its rules itself,
 * critical-css.ts) and the boot script adds it before the app's code.
 */
export function deferAppScripts(html: string, options: { lateStylesheet?: boolean } = {}): string {
  const entry = ENTRY_SCRIPT.exec(html);
  const bodyEnd = html.lastIndexOf('</body>');
  if (!entry?.[1] || bodyEnd < 0) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const stylesheet = options.lateStylesheet ? STYLESHEET.exec(html)?.[1] : undefined;
  const style = stylesheet ? ` data-style="${escapeHtml(stylesheet)}"` : '';
  const boot =
    `<script data-entry="${escapeHtml(entry[1])}" data-preload="${escapeHtml(preloads.join(' '))}"${style}>` +
    `${BOOT_SCRIPT}</script>\n  `;
  let withoutScripts = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  if (stylesheet) withoutScripts = withoutScripts.replace(STYLESHEET, '');
  const end = withoutScripts.lastIndexOf('</body>');
  return `${withoutScripts.slice(0, end)}${boot}${withoutScripts.slice(end)}`;
}

/** The address of the stylesheet the HTML links as Vite writes it, if it has one. */
export function stylesheetHref(html: string): string | undefined {
  return STYLESHEET.exec(html)?.[1];
}
