// Renderer entry: loads the styles and mounts the React app.
// Fast Refresh's runtime as a module: the CSP forbids the inline preamble Vite would inject in development.
import '@vitejs/plugin-react/preamble';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/base.css';
import './styles/controls.css';
import './styles/overlays.css';
import './app/app.css';
import './app/host-lost.css';
import './features/accounts/accounts.css';
import './features/projects/projects.css';
import './features/job-form/job-form.css';
import './features/jobs/jobs.css';
import './features/team/team.css';
import './features/navigation/navigation.css';
import './features/create/create.css';
import './features/queue/queue.css';
import './features/downloads/downloads.css';
import './features/settings/settings.css';
import './features/updates/updates.css';
import './features/batches/batches.css';
import './features/results/results.css';
import { App } from './app/App';
import { exposeDebugStateForTests } from './app/debug-state';
import { installSocketApiWhereNoPreload } from './lib/socket-api';

installSocketApiWhereNoPreload();
exposeDebugStateForTests();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
