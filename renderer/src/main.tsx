// The tokens and base rules come first: every component's own stylesheet builds on them.
import './base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectPos } from './bridge/pos';
import { startDevices } from './devices/start-devices';
import { followLink, listenToCore, loadFromCore } from './stores/events';

connectPos(followLink);
listenToCore();
startDevices();
loadFromCore();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
