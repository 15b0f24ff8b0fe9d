import type Database from 'better-sqlite3';

/**
 * The most statements a connection keeps prepared. The journal's modules name a few dozen distinct
 * statements; the bound only keeps a statement built from a varying list (an `IN (?, ?, …)` of any
 * length) from growing the cache without end.
 */
const MAX_STATEMENTS = 512;

/**
 * Makes `db.prepare` answer each SQL text with the statement it prepared the first time, so the
 * journal's modules can keep their SQL beside the code that runs it and still compile each statement
 * once per connection: compiling costs more than running on the sale's path. Safe because no module
 * changes a statement's mode (`pluck`, `raw`, `expand`) and none runs one statement inside its own
 * iteration; SQLite recompiles a cached statement itself after a schema change.
 */
export function cacheStatements(db: Database.Database): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((source: string) => {
    const known = cache.get(source);
    if (known) {
      // Most recently used last, so the oldest is the one dropped at the bound.
      cache.delete(source);
      cache.set(source, known);
      return known;
    }
    const statement = prepare(source);
    cache.set(source, statement);
    if (cache.size > MAX_STATEMENTS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return statement;
  }) as Database.Database['prepare'];
}
