import type { AddressInfo } from 'node:net';
import { API_BASE_PATH } from '../../shared/api';
import { publicAccount } from './accounts';
import { balanceRoutes } from './balance-routes';
import { careRoutes } from './care-routes';
import { catalogueRoutes } from './catalogue-routes';
import type { Route } from './context';
import { esimRoutes } from './esim-routes';
import {
  answerStyleFromEnvironment,
  type Faults,
  type RunningSimulator,
  type SimulatorOptions,
} from './options';
import { orderRoutes } from './order-routes';
import { ordersListRoutes } from './orders-list-routes';
import { resumePendingOrders } from './provisioning';
import { createSimServer } from './server';
import { createSim } from './sim';
import { topUpRoutes } from './topup-routes';
import { webhookRoutes } from './webhook-routes';
import { resumeDeliveries } from './webhooks';

export type {
  AnswerStyle,
  Faults,
  RateLimits,
  RunningSimulator,
  SimAccount,
  SimulatorOptions,
} from './options';
export { ANSWER_STYLES, answerStyleFromEnvironment, isAnswerStyle } from './options';

const ROUTES: readonly Route[] = [
  ...balanceRoutes,
  ...catalogueRoutes,
  ...orderRoutes,
  ...ordersListRoutes,
  ...topUpRoutes,
  ...esimRoutes,
  ...careRoutes,
  ...webhookRoutes,
];

/**
 * Starts the reseller API simulator on 127.0.0.1 (port 0: a random free port) and resolves once it
 * listens. Everything it knows lives in SQLite: in memory, or in `dataFile` across restarts.
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const style = options.faults?.answerStyle ?? answerStyleFromEnvironment();
  const sim = createSim(
    style === undefined ? options : { ...options, faults: { ...options.faults, answerStyle: style } },
  );
  const { server, close } = createSimServer(sim, ROUTES);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    sim.db.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  sim.origin = `http://127.0.0.1:${port}`;
  resumePendingOrders(sim);
  resumeDeliveries(sim);
  let closed: Promise<void> | null = null;
  return {
    baseUrl: `${sim.origin}${API_BASE_PATH}`,
    controlUrl: `${sim.origin}/__sim`,
    controlToken: sim.controlToken,
    accounts: sim.accounts.map(publicAccount),
    defaultAccount: publicAccount(sim.defaultAccount),
    setFaults(faults: Partial<Faults>): void {
      sim.faults.set(faults);
    },
    close(): Promise<void> {
      closed ??= (async () => {
        sim.clock.stop();
        await close();
        sim.db.close();
      })();
      return closed;
    },
  };
}
