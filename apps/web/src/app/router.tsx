import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';

// Every page is its own chunk so the home page loads only what it shows.
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, lazy: () => import('./routes/home.tsx') },
      { path: 'produtos', lazy: () => import('./routes/products.tsx') },
      { path: 'produto/:id', lazy: () => import('./routes/product-detail.tsx') },
      { path: 'categorias', lazy: () => import('./routes/categories.tsx') },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
]);
