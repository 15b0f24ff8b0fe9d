import type { EsimSnapshot } from '../../../shared/domain/topup';
import type { EsimUsage } from '../api';
import type { Connection } from '../connection';

/** An eSIM as the provider reports it now: the snapshot a top-up is judged by, and the reading verbatim. */
export interface EsimReading {
  readonly usage: EsimUsage;
  readonly snapshot: EsimSnapshot;
  readonly raw: string;
}

export async function readEsim(connection: Connection, iccid: string, takenAt: Date): Promise<EsimReading> {
  const usage = await connection.client.getUsage({ iccid }, { lane: 'interactive' });
  return {
    usage,
    snapshot: {
      totalMb: usage.data.totalMb,
      remainingMb: usage.data.remainingMb,
      expiresAt: usage.validity.expiresAt,
      status: usage.status,
      takenAt: takenAt.toISOString(),
    },
    raw: usage.raw,
  };
}

/**
 * Whether the eSIM shows a top-up applied since `before`: more data in total or left (use only ever
 * lowers what is left), or a later expiry. An expiry appearing where there was none is not counted:
 * activation sets one too.
 */
export function toppedUpSince(before: EsimSnapshot, after: EsimSnapshot): boolean {
  const more = (a: number | null, b: number | null): boolean => a !== null && b !== null && b > a;
  const later =
    before.expiresAt !== null &&
    after.expiresAt !== null &&
    Date.parse(after.expiresAt) > Date.parse(before.expiresAt);
  return more(before.totalMb, after.totalMb) || more(before.remainingMb, after.remainingMb) || later;
}
