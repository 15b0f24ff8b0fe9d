import type { RunningSimulator, SimAccount } from '../../../electron/simulator';
import { call, control, type Json } from './signed-fetch';

export function accountOf(sim: RunningSimulator, kind: SimAccount['kind'], currency?: string): SimAccount {
  const found = sim.accounts.find(
    (a) => a.kind === kind && (currency === undefined || a.currency === currency),
  );
  if (!found) throw new Error(`no ${kind} account`);
  return found;
}
export async function findPackages(
  sim: RunningSimulator,
  account: SimAccount,
  query: string,
): Promise<Json[]> {
  const res = await call(sim.baseUrl, account, 'GET', `/esims/packages?limit=100${query}`);
  if (res.status !== 200) throw new Error(`package list failed: ${res.text}`);
  return res.body.data.packages;
}

export async function balanceOf(sim: RunningSimulator, account: SimAccount): Promise<number> {
  const res = await call(sim.baseUrl, account, 'GET', '/balance');
  return res.body.data.balance;
}

export async function setBalance(sim: RunningSimulator, account: SimAccount, balance: number): Promise<void> {
  const res = await control(sim, 'POST', '/accounts/balance', { accessCode: account.accessCode, balance });
  if (res.status !== 200) throw new Error(`balance not set: ${JSON.stringify(res.body)}`);
}
export async function ledger(sim: RunningSimulator, account: SimAccount): Promise<Json[]> {
  const res = await control(sim, 'GET', `/ledger?accessCode=${account.accessCode}`);
  return res.body.entries;
}

/** Buys one package found by the query; returns the order creation result. */
export async function buy(
  sim: RunningSimulator,
  account: SimAccount,
  pick: (packages: Json[]) => Json,
  query = '&type=local',
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const pkg = pick(await findPackages(sim, account, query));
  if (!pkg) throw new Error(`no package matches for ${query}`);
  const res = await call(sim.baseUrl, account, 'POST', '/esims/order', {
    body: { packageCode: pkg.package_code, ...extra },
  });
  if (res.status !== 200) throw new Error(`order failed: ${res.text}`);
  return { ...res.body, pkg };
}

export const ownNetwork = (packages: Json[]): Json => packages.find((p) => p.countries && !p.is_unlimited);
export const partner =
  (rechargeable: boolean) =>
  (packages: Json[]): Json =>
    packages.find((p) => !p.countries && p.features.is_rechargeable === rechargeable);

/** A signed POST sent while the server's clock runs `offsetMs` ahead (signed with that time too). */
export async function postLater(
  sim: RunningSimulator,
  offsetMs: number,
  path: string,
  body: unknown,
): Promise<Json> {
  sim.setFaults({ clockOffsetMs: offsetMs });
  try {
    return await call(sim.baseUrl, sim.defaultAccount, 'POST', path, {
      body,
      timestamp: String(Date.now() + offsetMs),
    });
  } finally {
    sim.setFaults({ clockOffsetMs: 0 });
  }
}
