import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openJournal } from '../../electron/core/journal/database';

// The journal's whole schema as a new shop's journal gets it, committed beside the tests: every change
// to a table, index or trigger shows in review as a change to this one file, and a reader finds the
// whole schema in one place. After a migration, rewrite it on purpose:
//   UPDATE_SCHEMA_SNAPSHOT=1 npx vitest run test/unit/journal-schema.test.ts
const SNAPSHOT = resolve(import.meta.dirname, '../schema/journal-schema.sql');

/** The schema's SQL as SQLite keeps it: tables, then indexes, then triggers, each by name. */
function schemaOf(db: Db): string {
  const version = db.pragma('user_version', { simple: true }) as number;
  const rows = db
    .prepare(
      `SELECT sql FROM sqlite_master
       WHERE type IN ('table', 'index', 'trigger') AND sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
       ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, name`,
    )
    .all() as { sql: string }[];
  const header = [
    `-- The journal's schema at version ${version}, as a new shop's journal gets it from its migrations.`,
    '-- Written by test/unit/journal-schema.test.ts; never edited by hand (see docs/journal.md).',
  ];
  return `${header.join('\n')}\n\n${rows.map((row) => `${row.sql};`).join('\n\n')}\n`;
}

describe("the journal's schema", () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is the committed snapshot, statement for statement', () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-schema-'));
    const db = openJournal({ file: join(dir, 'journal.sqlite') });
    const schema = schemaOf(db);
    db.close();
    if (process.env.UPDATE_SCHEMA_SNAPSHOT === '1') writeFileSync(SNAPSHOT, schema);
    const committed = existsSync(SNAPSHOT) ? readFileSync(SNAPSHOT, 'utf8') : '';
    expect(
      schema,
      'the schema differs from test/schema/journal-schema.sql: after a migration, rewrite it with UPDATE_SCHEMA_SNAPSHOT=1',
    ).toBe(committed);
  });
});
