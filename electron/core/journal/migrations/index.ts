import type Database from 'better-sqlite3';
import { m0001Initial } from './0001-initial';
import { m0002MoneyPaths } from './0002-money-paths';
import { m0003DueCheckIndexes } from './0003-due-check-indexes';
import { m0004ReceiptCounters } from './0004-receipt-counters';
import { m0005SaleQuotedCost } from './0005-sale-quoted-cost';

export interface Migration {
  readonly name: string;
  up(db: Database.Database): void;
}

/** Numbered migrations; the position in this list is the schema version they lead to (1-based). */
export const MIGRATIONS: readonly Migration[] = [
  m0001Initial,
  m0002MoneyPaths,
  m0003DueCheckIndexes,
  m0004ReceiptCounters,
  m0005SaleQuotedCost,
];
