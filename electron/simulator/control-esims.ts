import type { ControlHandler } from './control-support';

/** Control endpoints that drive eSIMs through their lifecycle (install, activate, consume, expire). */
export const controlEsimRoutes: Record<string, ControlHandler> = {};
