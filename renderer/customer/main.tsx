import { type ReactNode, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { create } from 'zustand';
import { connectPos, pos } from '../src/bridge/pos';
import type { BridgeLink } from '../src/bridge/web-bridge';
import { useCustomerDisplay } from '../src/devices/customer-display-store';
import { CustomerScreen } from './CustomerScreen';
import './customer.css';

// The customer display: its own small page (a second window in the desktop app, /customer in the
// web host) on the counter's bridge. It only reads: the counter decides what it shows.

const useLink = create<{ link: BridgeLink }>(() => ({ link: 'connecting' }));

connectPos((link) => {
  useLink.setState({ link });
  // Events sent while the stream was down are lost: read the whole state each time it opens.
  if (link === 'open') void useCustomerDisplay.getState().load();
});
pos().onEvent((event) => {
  if (event.type === 'customer.display') useCustomerDisplay.getState().apply(event.display);
});

function App(): ReactNode {
  const display = useCustomerDisplay((state) => state.display);
  const link = useLink((state) => state.link);
  const [shopName, setShopName] = useState('');
  useEffect(() => {
    if (link !== 'open') return;
    void pos()
      .getSettings({})
      .then((result) => {
        if (result.ok) setShopName(result.value.shopName);
      });
  }, [link]);
  return <CustomerScreen display={display} shopName={shopName} link={link} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('customer.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
