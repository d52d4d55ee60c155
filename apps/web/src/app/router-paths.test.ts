import { PRIVATE_PAGE_PATHS, PUBLIC_PAGE_PATHS } from '@lumina/shared/storefront/page-paths';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

/** Every page address the router has, as '/a/:b' patterns (the catch-all left out). */
function pagePaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path
      ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
      : parent;
    const own = route.index || (route.path && !route.children) ? [path || '/'] : [];
    const nested = route.children ? pagePaths(route.children, path) : [];
    return [...own, ...(route.path && route.children ? [path || '/'] : []), ...nested];
  });
}

describe('the router and the server agree on the page addresses', () => {
  it('lists every route of the app in @lumina/shared/storefront/page-paths', () => {
    const routed = new Set(pagePaths(routes));
    const listed = new Set<string>([...PUBLIC_PAGE_PATHS, ...PRIVATE_PAGE_PATHS]);
    // The server answers 404 for an address outside the list: a route missing there would be
    // served as 'Página não encontrada'.
    expect([...routed].sort()).toEqual([...listed].sort());
  });
});
