import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { create } from 'zustand';
import { connectCustomerDisplay } from '../src/bridge/customer-display-bridge';
import type { BridgeLink } from '../src/bridge/web-bridge';
import { useCustomerDisplay } from '../src/devices/customer-display-store';
import { CustomerScreen } from './CustomerScreen';
import './customer.css';

// The customer display: its own small page (a second window in the desktop app, /customer in the
// web host) with a bridge of its own that only reads what it shows: the counter decides.

const useLink = create<{ link: BridgeLink }>(() => ({ link: 'connecting' }));

const display = connectCustomerDisplay((link) => {
  useLink.setState({ link });
  // Events sent while the stream was down are lost: read the whole state each time it opens.
  if (link === 'open') void useCustomerDisplay.getState().load(() => display.getCustomerDisplay({}));
});
display.onDisplay((shown) => useCustomerDisplay.getState().apply(shown));

function App(): ReactNode {
  const shown = useCustomerDisplay((state) => state.display);
  const link = useLink((state) => state.link);
  return <CustomerScreen display={shown} shopName={shown?.shopName ?? ''} link={link} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('customer.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
