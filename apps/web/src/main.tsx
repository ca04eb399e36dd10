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

// Not a top-level await: the app's chunks import shared code from this one, which must finish first.
void afterFirstPaint().then(() => import('./app/start'));
