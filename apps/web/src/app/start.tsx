import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startGeoCheck } from '../features/geo';
import { App, preloadCurrentPage } from './app';
import { applySiteStyles } from './site-styles';

/**
 * How long a prerendered page waits for the country check before it becomes interactive anyway
 * ('Checking access...' then covers it until the answer). The answer usually arrives with the page's
 * own script, so a visitor in the US does not see the cover flash over a page already on screen.
 */
const GEO_WAIT_MS = 1500;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Public pages arrive prerendered (scripts/prerender.mjs) and are hydrated. Any other address may have
// been answered with another page's HTML (the server's fallback): that one starts from scratch.
const here = window.location.pathname.replace(/\/+$/, '') || '/';
const prerendered = container.dataset.prerendered === here && container.firstElementChild !== null;
const geoCheck = startGeoCheck();
// The page's module is loaded before the first render, so hydration never meets a page that is still
// loading (that would swap the prerendered HTML for a spinner and shift the layout); so is the whole
// stylesheet, so that no state the app shows goes without its rules.
await Promise.all([preloadCurrentPage(), applySiteStyles()]);

if (prerendered) {
  await Promise.race([geoCheck, new Promise((resolve) => setTimeout(resolve, GEO_WAIT_MS))]);
  // As a transition, hydration works in small slices and lets the browser answer the visitor in
  // between, instead of holding the page for one long task.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app);
}
