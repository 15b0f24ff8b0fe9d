import type Database from 'better-sqlite3';
import { m0001Initial } from './0001-initial';

export interface Migration {
  readonly name: string;
  up(db: Database.Database): void;
}

/** Numbered migrations; the position in this list is the schema version they lead to (1-based). */
export const MIGRATIONS: readonly Migration[] = [m0001Initial];
