import type Database from 'better-sqlite3';

/**
 * The most statements a connection keeps prepared. The journal's modules name a few dozen distinct
 * statements; the bound only keeps a statement built from a varying list (an `IN (?, ?, …)` of any
 * length) from growing the cache without end.
 */
const MAX_STATEMENTS = 512;

/**
 * What would change a shared statement for every module that prepares the same SQL: its result mode
 * (`pluck`, `raw`, `expand`, `safeIntegers`) or parameters bound to it for good (`bind`).
 */
const MODE_CHANGES = ['pluck', 'raw', 'expand', 'safeIntegers', 'bind'] as const;

/**
 * Makes `db.prepare` answer each SQL text with the statement it prepared the first time, so the
 * journal's modules can keep their SQL beside the code that runs it and still compile each statement
 * once per connection: compiling costs more than running on the sale's path. A cached statement is
 * shared by every module that prepares its SQL, so it refuses every change of mode, and the
 * connection refuses a new default for integers: one module's `.pluck()` would otherwise change
 * what another module's rows look like. Code that wants another mode opens a connection of its own
 * (the backups do). SQLite recompiles a cached statement itself after a schema change.
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
    const statement = fixedMode(prepare(source), source);
    cache.set(source, statement);
    if (cache.size > MAX_STATEMENTS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return statement;
  }) as Database.Database['prepare'];
  db.defaultSafeIntegers = () => {
    throw new Error(
      'The journal connection shares its prepared statements, so its default for integers cannot change: open a connection of its own.',
    );
  };
}

function fixedMode(statement: Database.Statement, source: string): Database.Statement {
  for (const method of MODE_CHANGES) {
    Object.defineProperty(statement, method, {
      value: () => {
        throw new Error(
          `A journal statement is shared by every module that prepares its SQL, so .${method}() cannot change it (${source}): read the rows as they come, or prepare it on a connection of its own.`,
        );
      },
    });
  }
  return statement;
}
