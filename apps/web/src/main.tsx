import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
// The entry point is the one module above app/, so it may import it.
// eslint-disable-next-line no-restricted-imports
import { App } from './app/app.tsx';
// eslint-disable-next-line no-restricted-imports
import { createAppRouter } from './app/router.tsx';
// eslint-disable-next-line no-restricted-imports
import { routes } from './app/routes.tsx';
import { queryClient } from './lib/query-client.ts';
import './styles.css';

// index.html always has it (createRoot would say so otherwise).
const root = document.getElementById('root') as HTMLElement;
// A storefront page the server rendered (issue 15) carries the queries it rendered from.
const state = document.getElementById('lumina-state');

/** One query the server answered (entry-server.tsx's RenderedPage.state). */
interface ServerQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

// StrictMode only checks in development; the production build leaves it out.
const app = (router: ReturnType<typeof createAppRouter>) =>
  import.meta.env.DEV ? (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  ) : (
    <App router={router} />
  );

async function hydrateServerPage(target: HTMLElement, serverState: string): Promise<void> {
  // The answers the server rendered from, under the keys the page's hooks ask for: nothing is
  // asked for again.
  for (const query of JSON.parse(serverState) as ServerQuery[]) {
    queryClient.setQueryData(query.queryKey, query.data);
  }
  // The page's route code must be here before hydrating, or the router would first draw its
  // loading state over the server's HTML.
  for (const { route } of matchRoutes(routes, location) ?? []) {
    if (route.lazy) {
      Object.assign(route, await (route.lazy as () => Promise<object>)(), { lazy: undefined });
    }
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of taking the
  // main thread for the whole page at once (Total Blocking Time on slow phones).
  startTransition(() => {
    hydrateRoot(target, app(createAppRouter()));
  });
}

if (state?.textContent) {
  void hydrateServerPage(root, state.textContent);
} else {
  const router = createAppRouter();
  // A transition lets React split the first render into short tasks, so the main thread stays
  // responsive while the page builds (lower Total Blocking Time on slow phones).
  startTransition(() => createRoot(root).render(app(router)));
}
