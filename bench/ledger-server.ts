import pg from 'pg';
import { joinCounter } from '../electron/core/shop/joining';
import { migrateLedger } from '../electron/core/shop/ledger-schema';
import type { PostgresServer } from '../test/support/postgres';

/**
 * A shop ledger for the benchmarks on a real PostgreSQL: a database of its own, made and migrated by
 * its owner, and counters joined to it, each with a client logged in as its role.
 */
export interface BenchLedger {
  readonly database: string;
  /** Joins `counterId` to the shop as `code` and answers a client logged in as its role. */
  join(counterId: string, code: string): Promise<pg.Client>;
  /** A client as the server's superuser, on this database. */
  superuser(): Promise<pg.Client>;
  /** Ends every client it made. */
  close(): Promise<void>;
}

const OWNER = { user: 'bench_owner', password: 'bench-owner-password' };

export async function benchLedger(server: PostgresServer): Promise<BenchLedger> {
  const roles = await server.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [OWNER.user]);
  if (roles.rowCount === 0) await server.createRole(OWNER.user, OWNER.password, { createRole: true });
  const database = await server.createDatabase('shop', OWNER.user);
  const clients: pg.Client[] = [];
  const connect = async (config: pg.ClientConfig): Promise<pg.Client> => {
    const client = new pg.Client(config);
    await client.connect();
    clients.push(client);
    return client;
  };
  const owner = await connect({ host: server.host, port: server.port, database, ...OWNER });
  await migrateLedger(owner);
  return {
    database,
    async join(counterId, code) {
      const login = await joinCounter(owner, { shop: 'Bench street', counterId, code, name: counterId });
      return connect({ host: server.host, port: server.port, database, ...login });
    },
    superuser: () => connect(server.superuser(database)),
    async close() {
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    },
  };
}
