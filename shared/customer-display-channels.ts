/**
 * IPC channel names between the customer window's preload and main: it reads the display and hears
 * its changes, nothing else. Kept apart from pos-methods.ts so that the two preloads share no module:
 * a sandboxed preload is one file, and a module both imported would become a chunk it cannot load.
 */
export const IPC_CUSTOMER_DISPLAY = 'customer:display';
export const IPC_CUSTOMER_EVENT = 'customer:event';
