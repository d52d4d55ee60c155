import { BANNERS } from './banners.ts';

/**
 * The first banner is the home page's largest paint, but the <img> only exists once the home
 * route's chunk has loaded. Starting the download from the entry script saves that round trip;
 * other pages do not pay for it.
 */
export function preloadHomeHero(pathname: string = window.location.pathname): void {
  const first = BANNERS[0];
  if (pathname !== '/' || !first) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = first.src;
  document.head.append(link);
}
