import type { EsimSnapshot } from '../../../shared/domain/topup';
import type { EsimUsage } from '../api';
import type { Connection } from '../connection';

/** An eSIM as the provider reports it now: the snapshot journalled with a top-up, and the reading verbatim. */
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
