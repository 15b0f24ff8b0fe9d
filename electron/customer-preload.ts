import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import { IPC_CUSTOMER_DISPLAY, IPC_CUSTOMER_EVENT } from '../shared/customer-display-channels';
import type { CustomerDisplayApi } from '../shared/pos-api';

// The customer display's window faces the customer, so it gets no `window.pos`: only a read of what
// it shows and the changes to it. It cannot sell, read sales or settings, or print.
const customerDisplay: CustomerDisplayApi = {
  getCustomerDisplay: () => ipcRenderer.invoke(IPC_CUSTOMER_DISPLAY),
  onDisplay(listener) {
    const relay = (_event: IpcRendererEvent, display: Parameters<typeof listener>[0]): void =>
      listener(display);
    ipcRenderer.on(IPC_CUSTOMER_EVENT, relay);
    return () => ipcRenderer.removeListener(IPC_CUSTOMER_EVENT, relay);
  },
};

contextBridge.exposeInMainWorld('customerDisplay', customerDisplay);
