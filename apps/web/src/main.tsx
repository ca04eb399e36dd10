import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './components/ui/tokens.css';
import './components/ui/ui.css';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
