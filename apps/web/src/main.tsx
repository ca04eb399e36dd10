import './components/ui/tokens.css';
import './components/ui/ui.css';
import { applySiteStyles } from './app/site-styles';

// First, so that the whole stylesheet downloads beside the app's code.
void applySiteStyles();
// The built pages import this module only after their first paint (vite-plugins/page-html.ts).
// React DOM, the largest module by far, is asked for on its own so that it runs as soon as it
// arrives, in a task of its own, and the app after it: neither holds the page for long. (Not a
// top-level await: the app's chunks import shared code from this one.)
void Promise.all([import('react-dom/client'), import('./app/start')]);
