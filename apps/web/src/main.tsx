import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './components/ui/tokens.css';
import './components/ui/ui.css';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Public pages arrive prerendered (scripts/prerender.mjs) and are hydrated. Any other address may have
// been answered with another page's HTML (the server's fallback): start that one from scratch.
const here = window.location.pathname.replace(/\/+$/, '') || '/';
if (container.dataset.prerendered === here && container.firstElementChild) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app);
}
