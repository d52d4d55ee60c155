import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The entry point is the one module above app/, so it may import it.
// eslint-disable-next-line no-restricted-imports
import { App } from './app/app.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// A transition lets React split the first render into short tasks, so the main thread stays
// responsive while the page builds (lower Total Blocking Time on slow phones).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
