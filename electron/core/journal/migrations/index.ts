import type Database from 'better-sqlite3';
import { m0001Initial } from './0001-initial';
import { m0002MoneyPaths } from './0002-money-paths';
import { m0003EndOfDay } from './0003-end-of-day';

export interface Migration {
  readonly name: string;
  up(db: Database.Database): void;
}

/** Numbered migrations; the position in this list is the schema version they lead to (1-based). */
export const MIGRATIONS: readonly Migration[] = [m0001Initial, m0002MoneyPaths, m0003EndOfDay];
