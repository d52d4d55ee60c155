import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

/** The browser's router; main.tsx creates it once the current page's route code is loaded. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
