import type { RecordOrigin } from '../../../shared/domain/record-origin';

/** A record's origin as the journal keeps it: also the account it was sent to (see AccountScope). */
export interface JournalOrigin extends RecordOrigin {
  readonly accountRef: string;
}

/** The origin columns every record table (sales, topups) has, as read back. */
export interface OriginRow {
  readonly id: string;
  readonly counter_id: string;
  readonly cashier_id: string | null;
  readonly shift_id: string | null;
  readonly training: number;
}

const COLUMNS = ['id', 'counter_id', 'cashier_id', 'shift_id', 'training', 'account_ref'] as const;
type OriginColumn = (typeof COLUMNS)[number];

/** For an INSERT: the origin columns, and their named parameters in the same order (see originColumns). */
export const ORIGIN_COLUMNS = COLUMNS.join(', ');
export const ORIGIN_PARAMS = COLUMNS.map((column) => `@${column}`).join(', ');

/** The origin as the parameters of ORIGIN_PARAMS. */
export function originColumns(origin: JournalOrigin): Record<OriginColumn, string | number | null> {
  return {
    id: origin.id,
    counter_id: origin.counterId,
    cashier_id: origin.cashierId,
    shift_id: origin.shiftId,
    training: origin.training ? 1 : 0,
    account_ref: origin.accountRef,
  };
}

/** The origin as it crosses the bridge: the account fingerprint stays in the journal. */
export function originOf(row: OriginRow): RecordOrigin {
  return {
    id: row.id,
    counterId: row.counter_id,
    cashierId: row.cashier_id,
    shiftId: row.shift_id,
    training: row.training === 1,
  };
}
