import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectPos } from './bridge/pos';
import { startDevices } from './devices/start-devices';
import { useCatalogue } from './stores/catalogue-store';
import { listenToCore } from './stores/events';
import { usePending } from './stores/pending-store';
import { useSession } from './stores/session-store';
import { useSettings } from './stores/settings-store';
import './styles.css';

connectPos((link) => useSession.getState().setLink(link));
listenToCore();
startDevices();
void useSession.getState().load();
void useSettings.getState().load();
void useCatalogue.getState().load();
void usePending.getState().load();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
