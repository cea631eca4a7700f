import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiContext } from './api/hooks';
import { createClient } from './api/client';
import { App } from './App';
import './styles.css';

// The client keeps the launch token in sessionStorage; keep it out of the address bar, history and screenshots.
const client = createClient();
if (new URLSearchParams(window.location.search).has('token')) {
  window.history.replaceState(null, '', window.location.pathname + window.location.hash);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApiContext.Provider value={client}>
      <App />
    </ApiContext.Provider>
  </StrictMode>,
);
