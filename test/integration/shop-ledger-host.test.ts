import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newLedger, postgresPerFile } from '../support/shop-ledger';
import { eventually } from './money-support';
import { type HostCounter, hostDataDir, startHostCounter } from './shop-ledger-support';

// The web host takes its shop ledger from POS_SHOP_LEDGER_URL and --shop, --counter-code and
// --counter-name, as a shop's own start script gives them.

const server = postgresPerFile();

async function counterHost(args: readonly string[], env: Record<string, string>): Promise<HostCounter> {
  return startHostCounter(await hostDataDir(), args, env);
}

describe('the web host with a shop ledger', { timeout: 180_000 }, () => {
  it('joins with the address from the environment and its flags, and publishes; the owner password stays out of its files', async () => {
    const ledger = await newLedger(server());
    const url = server().url(ledger.owner.user, ledger.owner.password, ledger.database);
    const flags = ['--shop', 'Main street', '--counter-code', 'b2', '--counter-name', 'Back office'];
    const host = await counterHost(flags, { POS_SHOP_LEDGER_URL: url });
    // Up to date and nothing waiting: a record the counter writes as it starts may follow the first push.
    const shown = await eventually(
      'the ledger to be up to date',
      async () => {
        const { shopLedger } = await host.status();
        return shopLedger.state === 'up_to_date' && shopLedger.waiting === 0 ? shopLedger : null;
      },
      120_000,
    );
    expect(shown).toMatchObject({
      address: `postgres://127.0.0.1:${server().port}/${ledger.database}?sslmode=disable`,
      shop: 'Main street',
      counterCode: 'B2',
      counterName: 'Back office',
    });
    const owner = await ledger.connect();
    const counters = await owner.query('SELECT code, name FROM ledger.counters');
    expect(counters.rows).toEqual([{ code: 'B2', name: 'Back office' }]);
    // A record written now (choosing the manager PIN is one) reaches the ledger without being asked for.
    await host.api('setManagerPin', { pin: '2468' });
    await eventually('the record to reach the ledger', async () => {
      const links = await owner.query("SELECT kind FROM ledger.links WHERE kind = 'manager-pin.set'");
      return links.rows[0];
    });

    // A second counter asking for the same code is refused, and says why; it keeps working.
    const second = await counterHost(flags, { POS_SHOP_LEDGER_URL: url });
    const refused = await eventually(
      'the second counter to be refused',
      async () => {
        const status = await second.status();
        return status.shopLedger.state === 'refused' ? status.shopLedger : null;
      },
      120_000,
    );
    expect(refused.problem).toBe('code_taken');

    for (const each of [host, second]) {
      expect(each.output.text).not.toContain(ledger.owner.password);
      // Stopped before its files are read: a backup under way makes and removes files while it runs.
      const exited = once(each.child, 'exit');
      if (each.child.exitCode === null && each.child.kill('SIGKILL')) await exited;
      for (const file of readdirSync(each.dataDir, { recursive: true, encoding: 'utf8' })) {
        if (!/journal|\.log/.test(file)) continue;
        expect(readFileSync(join(each.dataDir, file)).includes(ledger.owner.password), file).toBe(false);
      }
    }
  });

  it('refuses flags without an address, and an address or a code it cannot use, naming what is wrong', async () => {
    const dataDir = await hostDataDir();
    const cases: readonly (readonly [string[], Record<string, string>, string])[] = [
      [['--shop', 'Main street'], {}, '--shop, --counter-code and --counter-name need POS_SHOP_LEDGER_URL'],
      [
        ['--shop', 'Main street', '--counter-code', 'far-too-long', '--counter-name', 'Front'],
        { POS_SHOP_LEDGER_URL: 'postgres://owner:pw@127.0.0.1:5432/ledger' },
        '--counter-code is 1 to 6 letters or digits.',
      ],
      [
        ['--shop', 'Main street', '--counter-code', '1', '--counter-name', 'Front'],
        { POS_SHOP_LEDGER_URL: 'postgres://127.0.0.1:5432/ledger' },
        'The address needs a name and a password.',
      ],
    ];
    for (const [args, env, problem] of cases) {
      const host = startHostCounter(dataDir, args, env);
      expect(await host.exited()).toBe(2);
      expect(host.output.text).toContain(problem);
    }
  });
});
