import { type AccountRow, accountByCode } from './ledger';
import { type EsimRow, esimByIccid, type OrderRow, orderByReference } from './records';
import type { Sim } from './sim';

/** Shared pieces of the control API's handlers: their signature, their errors, and lookups that answer 4xx. */

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type ControlHandler = (sim: Sim, input: ControlInput) => unknown;

export interface ControlInput {
  readonly body: Record<string, unknown>;
  readonly query: URLSearchParams;
}

export function requireString(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  if (typeof value !== 'string' || value === '')
    throw new ControlError(400, `${name} is required (a string)`);
  return value;
}

export function requireAccount(sim: Sim, accessCode: string | null | undefined): AccountRow {
  if (!accessCode) throw new ControlError(400, 'accessCode is required');
  const account = accountByCode(sim.db, accessCode);
  if (!account) throw new ControlError(404, `no account with access code ${accessCode}`);
  return account;
}

export function requireOrder(sim: Sim, reference: string): OrderRow {
  const order = orderByReference(sim.db, reference);
  if (!order) throw new ControlError(404, `no order ${reference}`);
  return order;
}

export function esimSummary(esim: EsimRow): Record<string, unknown> {
  return {
    id: esim.id,
    iccid: esim.iccid,
    packageCode: esim.package_code,
    status: esim.status,
    esimStatus: esim.esim_status,
    profileStatus: esim.profile_status,
    suspended: esim.suspended === 1,
    totalMb: esim.total_mb,
    usedMb: esim.used_mb,
    unlimited: esim.unlimited === 1,
    activatedAt: esim.activated_at === null ? null : new Date(esim.activated_at).toISOString(),
    expiresAt: esim.expires_at === null ? null : new Date(esim.expires_at).toISOString(),
  };
}

export function requireEsim(sim: Sim, input: Record<string, unknown>): EsimRow {
  const iccid = requireString(input, 'iccid');
  const esim = esimByIccid(sim.db, iccid);
  if (!esim) throw new ControlError(404, `no eSIM ${iccid}`);
  return esim;
}
