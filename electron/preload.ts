import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import { IPC_CALL, IPC_EVENT, POS_METHOD_NAMES } from '../shared/pos-methods';

// The renderer gets one narrow object, `window.pos`: one function per PosApi method and an event
// subscription. ipcRenderer itself is never exposed.
const methods = Object.fromEntries(
  POS_METHOD_NAMES.map((name) => [name, (input: unknown) => ipcRenderer.invoke(IPC_CALL, name, input ?? {})]),
);

contextBridge.exposeInMainWorld('pos', {
  ...methods,
  onEvent(listener: (event: unknown) => void): () => void {
    const relay = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(IPC_EVENT, relay);
    return () => ipcRenderer.removeListener(IPC_EVENT, relay);
  },
});
