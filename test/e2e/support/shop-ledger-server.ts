import type { CataloguePackage } from '../../../shared/domain/catalogue';
import { minor } from '../../../shared/money';
import { publishOtherCounterSale } from '../../support/other-counter-records';
import { type PostgresServer, startPostgres } from '../../support/postgres';
import { type Counter, test } from '../counter-fixture';

/** The ledger owner's login, as a shop creates it (docs/shop-ledger.md, "Roles"). */
export const LEDGER_OWNER = { user: 'shop_owner', password: 'owner-password-1' } as const;

/**
 * A real PostgreSQL for a spec's shop ledgers, with the owner's role: started before the spec's tests
 * and removed after. `useLedger` gives the hosts started after it a new ledger database, through
 * POS_SHOP_LEDGER_URL as a shop starts its counter.
 */
export function shopLedgerServer(): {
  readonly server: () => PostgresServer;
  readonly useLedger: (prefix: string) => Promise<string>;
} {
  let started: PostgresServer | null = null;
  test.beforeAll(async () => {
    started = await startPostgres();
    await started.createRole(LEDGER_OWNER.user, LEDGER_OWNER.password, { createRole: true });
  });
  test.afterAll(async () => {
    delete process.env.POS_SHOP_LEDGER_URL;
    await started?.close();
  });
  const server = (): PostgresServer => {
    if (!started) throw new Error('the ledger server is used before it started');
    return started;
  };
  return {
    server,
    async useLedger(prefix) {
      const database = await server().createDatabase(prefix, LEDGER_OWNER.user);
      const { user, password } = LEDGER_OWNER;
      process.env.POS_SHOP_LEDGER_URL = `postgres://${user}:${password}@127.0.0.1:${server().port}/${database}`;
      return database;
    },
  };
}

/**
 * A sale of the Harbour shop's counter (`counterId`, code 1) on the counter's own account: the
 * provider's order placed for the cheapest package, and the sale published in `database`'s ledger.
 * A live sale claims its order there; a training one claims nothing.
 */
export async function harbourSale(
  counter: Counter,
  ledger: { readonly server: () => PostgresServer; readonly database: string },
  sale: { readonly counterId: string; readonly training: boolean },
): Promise<string> {
  const { packages } = await counter.api<{ packages: CataloguePackage[] }>('listPackages');
  const pkg = [...packages].sort((a, b) => a.retail.amount - b.retail.amount)[0];
  if (!pkg) throw new Error('the catalogue is empty');
  const orderReference = await counter.sim.placeOrder(pkg.code);
  const order = (await counter.sim.orders()).find((each) => each.reference === orderReference);
  await publishOtherCounterSale(
    { port: ledger.server().port, database: ledger.database, owner: LEDGER_OWNER },
    {
      shop: 'Harbour',
      counterId: sale.counterId,
      code: '1',
      orderReference,
      iccid: order?.esims[0]?.iccid ?? '',
      packageCode: pkg.code,
      packageName: pkg.name,
      retail: pkg.retail,
      cost: { amount: minor(order?.amountMinor ?? 0), currency: pkg.retail.currency },
      training: sale.training,
    },
  );
  return orderReference;
}
