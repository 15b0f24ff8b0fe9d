// The tokens and base rules come first: every component's own stylesheet builds on them.
import './base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { awaitStart } from './bridge/await-start';
import { connectPos } from './bridge/pos';
import { StartScreen } from './components/StartScreen';
import { startDevices } from './devices/start-devices';
import { followLink, listenToCore, loadFromCore } from './stores/events';

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);

connectPos(followLink);
// A counter still starting (an update of its journal) shows how far it is; the screens load once it is ready.
void awaitStart((progress) =>
  root.render(
    <StrictMode>
      <StartScreen progress={progress} />
    </StrictMode>,
  ),
).then(() => {
  listenToCore();
  startDevices();
  loadFromCore();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
