import './components/ui/tokens.css';
import './components/ui/ui.css';

/**
 * Resolves once the browser has painted the page as it arrived. Public pages come prerendered, so
 * their text and layout need no script: the app's code is fetched only after that first paint, and
 * never competes with it for a phone's bandwidth or processor. A hidden tab paints nothing, so there
 * it starts at once.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  // A frame callback runs just before the paint; a task queued from it runs after.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// Both are fetched at once. React DOM, the largest module by far, is asked for on its own so that it
// runs as soon as it arrives, in a task of its own, and the app after it: neither holds the page
// for long. (Not a top-level await: the app's chunks import shared code from this one.)
void afterFirstPaint().then(() => Promise.all([import('react-dom/client'), import('./app/start')]));
