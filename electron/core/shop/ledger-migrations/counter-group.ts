import pg from 'pg';

/** The counters' group role of this ledger (made by its first migration), quoted for a statement. */
export async function counterGroup(client: pg.ClientBase): Promise<string> {
  const result = await client.query<{ counter_group: string }>('SELECT counter_group FROM ledger.info');
  return pg.escapeIdentifier(result.rows[0]?.counter_group ?? '');
}
