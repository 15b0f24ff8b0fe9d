import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import type { Result } from '../shared/errors';
import { IPC_CALL, IPC_EVENT, POS_METHOD_NAMES } from '../shared/pos-methods';

// The renderer gets one narrow object, `window.pos`: one function per PosApi method and an event
// subscription. ipcRenderer itself is never exposed.

/**
 * Like the web bridge, a call never throws: the main process answers every call with a Result, and
 * a failure of IPC itself (no handler yet, an input that cannot be sent) becomes one too. For a sale
 * or top-up its outcome is then unknown to this window, as with a web host that stopped answering.
 */
async function call(method: string, input: unknown): Promise<Result<unknown>> {
  try {
    return (await ipcRenderer.invoke(IPC_CALL, method, input ?? {})) as Result<unknown>;
  } catch {
    // The rejection's text may quote the input (credentials among them): it is not passed on.
    return {
      ok: false,
      error: { code: 'HOST_UNREACHABLE', message: `The counter service did not answer ${method}` },
    };
  }
}

const methods = Object.fromEntries(
  POS_METHOD_NAMES.map((name) => [name, (input: unknown) => call(name, input)]),
);

contextBridge.exposeInMainWorld('pos', {
  ...methods,
  onEvent(listener: (event: unknown) => void): () => void {
    const relay = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(IPC_EVENT, relay);
    return () => ipcRenderer.removeListener(IPC_EVENT, relay);
  },
});
